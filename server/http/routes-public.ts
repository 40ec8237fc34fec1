import type { Hono } from 'hono';
import { type Address, type Hex, getAddress } from 'viem';
import { z } from 'zod';
import { consumeNonce, issueNonce } from '../auth/nonces';
import { openSession } from '../auth/sessions';
import { assertSignedNonce } from '../auth/signatures';
import { hotNotices, listBanners } from '../content/content';
import { AppError, FlowError } from '../errors';
import { onRegistered } from '../ledger/deposits';
import { findUser, registerUser } from '../users/registry';
import { type Deps, endpoint, fields } from './endpoint';

const signedNonce = z.object({ nonce: fields.nonce, signature: fields.signature });

export function publicRoutes(app: Hono, deps: Deps) {
  const base = '/api/v1/publicapi';

  endpoint(app, deps, `${base}/getUserExist`, { access: 'public', input: z.object({}) }, async ({ envelope }) => {
    if (!(await findUser(deps.db, envelope.address))) throw new FlowError('301');
    return {};
  });

  endpoint(app, deps, `${base}/getNonce`, { access: 'public', input: z.object({}) }, async ({ envelope }) => ({
    nonce: await issueNonce(deps.db, deps.clock, envelope.address, deps.config.nonceTtlSeconds),
  }));

  endpoint(app, deps, `${base}/login`, { access: 'public', input: signedNonce }, async ({ envelope, input }) => {
    await assertSignedNonce(envelope.address, input.nonce, input.signature as Hex);
    if (!(await findUser(deps.db, envelope.address))) throw new FlowError('301');
    await consumeNonce(deps.db, deps.clock, input.nonce, envelope.address);
    return { guid: await openSession(deps.db, deps.clock, envelope.address, deps.config.sessionTtlSeconds) };
  });

  endpoint(
    app,
    deps,
    `${base}/reg`,
    { access: 'public', input: signedNonce.extend({ intro_address: fields.address }) },
    async ({ envelope, input }) => {
      await assertSignedNonce(envelope.address, input.nonce, input.signature as Hex);
      const inviter = checksum(input.intro_address);
      await deps.db.transaction(async (tx) => {
        const user = await registerUser(tx, envelope.address, inviter);
        await consumeNonce(tx, deps.clock, input.nonce, envelope.address);
        await onRegistered(tx, user, deps.clock);
      });
      return {};
    },
  );

  endpoint(app, deps, `${base}/getSwap`, { access: 'public', input: z.object({ position: z.string().regex(/^\d{1,3}$/) }) }, ({ input }) =>
    listBanners(deps.db, input.position),
  );

  endpoint(app, deps, `${base}/getHotNotice`, { access: 'public', input: z.object({ limit: fields.positiveInt(50) }) }, ({ input }) =>
    hotNotices(deps.db, input.limit),
  );
}

function checksum(address: string): Address {
  try {
    return getAddress(address);
  } catch {
    throw new AppError('invalidAddress');
  }
}
