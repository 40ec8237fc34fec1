import type { MemberApi } from './member-api';
import type { Address, Hash } from 'viem';
import { type ParsedInputOf, endpoints } from '../../lib/api/contract';
import { type Draft, applyInfo, apply, applyStatus, checkApply } from '../community/applications';
import { MAX_PHOTO_BYTES, storePhoto } from '../community/photos';
import { AppError } from '../errors';
import { type Deps, route } from './route';

/** Room for the envelope's string fields and the multipart framing around one photo. */
const UPLOAD_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;

/** The community domain (communityapi): applications to found a community, with office photos and a verified payment. */
export function communityRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.getApplyInfo, ({ user }) => applyInfo(deps.db, user, deps.payments));

  // The one route that takes a file: one photo per call, its body refused (413) before it is read past the
  // limit. The photo itself is held in memory (at most 5 MB): sharp re-encodes the whole image anyway.
  route(
    app,
    deps,
    endpoints.uploadPhoto,
    ({ user, envelope }) => {
      const parts = [...envelope.files.entries()];
      const photo = envelope.files.get('photo');
      if (parts.length !== 1 || photo?.length !== 1) throw new AppError('invalidField', { field: 'photo' });
      return storePhoto(deps.db, user.id, photo[0]!);
    },
    { files: ['photo'], maxBodyBytes: UPLOAD_BODY_LIMIT, tooLarge: 'photoTooLarge' },
  );

  const draft = (input: ParsedInputOf<typeof endpoints.checkApply>): Draft => ({
    receiver: input.receiver as Address,
    communityToken: input.community_address as Address,
    provinceCode: input.province,
    cityCode: input.city,
    photoIds: input.photos,
  });
  // Called before the wallet pays: every check of apply but the payment, and the member's unused payment.
  route(app, deps, endpoints.checkApply, ({ user, input }) => checkApply(deps.db, deps.payments, user, draft(input)));
  route(app, deps, endpoints.apply, ({ user, input }) =>
    apply(deps.db, deps.payments, user, { ...draft(input), payHash: input.pay_hash.toLowerCase() as Hash }),
  );

  route(app, deps, endpoints.getApplyStatus, ({ user, envelope }) => applyStatus(deps.db, user, envelope.language));
}
