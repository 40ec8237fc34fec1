import type { MemberApi } from './member-api';
import type { Hex } from 'viem';
import { endpoints } from '../../lib/api/contract';
import { onRegistered } from '../ledger/deposits';
import { actionChallenge, actionFields, login, register, requireRegistered, signInChallenge } from '../auth/service';
import { endSession, sessionUser } from '../auth/sessions';
import { FlowError } from '../errors';
import { describeStakingAction } from '../staking/describe';
import { type Deps, route } from './route';

export function authRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.getUserExist, async ({ envelope }) => {
    await requireRegistered(deps.db, envelope.address);
    return {};
  });

  // Sign-in and registration get an EIP-4361 message; a signed action, its own words from the staking domain.
  route(app, deps, endpoints.getNonce, async ({ envelope, input }) => {
    const asker = { address: envelope.address, origin: envelope.origin, language: envelope.language };
    if (input.purpose === 'login' || input.purpose === 'reg') return signInChallenge(deps, asker, input.purpose, input.intro_address);
    const fields = actionFields(input.purpose, envelope.fields);
    const guid = envelope.guid;
    if (!guid) throw new FlowError('302');
    // Described before the session is checked (in the nonce's own insert), so a refusal here must still give
    // '302' and '301' first.
    const wording = await describeStakingAction(deps.db, envelope.address, input.purpose, fields).catch(async (refusal: unknown) => {
      await sessionUser(deps.db, deps.clock, guid, envelope.address);
      throw refusal;
    });
    return actionChallenge(deps, { ...asker, guid }, input.purpose, fields, wording);
  });

  route(app, deps, endpoints.login, ({ envelope, input }) => login(deps, envelope, { nonce: input.nonce, signature: input.signature as Hex }));

  route(app, deps, endpoints.reg, ({ envelope, input }) =>
    register(deps, envelope, { nonce: input.nonce, signature: input.signature as Hex, inviter: input.intro_address }, onRegistered),
  );

  route(app, deps, endpoints.logout, async ({ envelope }) => {
    if (envelope.guid) await endSession(deps.db, envelope.guid);
    return {};
  });
}
