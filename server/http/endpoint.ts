import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { AppError, FlowError } from '../errors';
import { requireSession } from '../auth/sessions';
import { findUser, type User } from '../users/registry';
import { type Envelope, readBody, requestLanguage, verifyRequest } from './envelope';
import { failure, success } from './reply';

/** `requestClock` checks the ust window against wall time even when the business clock was moved (local only). */
export type Deps = { db: Db; clock: Clock; config: ServerConfig; requestClock?: Clock };
type Access = 'public' | 'user';
type Handler<S extends z.ZodType, A extends Access> = (ctx: {
  deps: Deps;
  envelope: Envelope;
  input: z.infer<S>;
  user: A extends 'user' ? User : undefined;
}) => Promise<unknown>;

/**
 * One signed endpoint: envelope checks, zod-parsed payload, session and user for 'user' access
 * ('302' without a session of this address, '301' when the address is not registered), then the handler.
 */
export function endpoint<S extends z.ZodType, A extends Access>(
  app: Hono,
  deps: Deps,
  path: string,
  spec: { access: A; input: S },
  handler: Handler<S, A>,
) {
  app.post(path, async (c: Context) => {
    let language = requestLanguage({});
    try {
      const body = await readBody(c);
      language = requestLanguage(body.fields);
      const envelope = verifyRequest(body, { apiKey: deps.config.apiKey, ustWindowSeconds: deps.config.ustWindowSeconds, clock: deps.requestClock ?? deps.clock });
      const parsed = spec.input.safeParse(envelope.fields);
      if (!parsed.success) throw new AppError('invalidField', { field: String(parsed.error.issues[0]?.path[0] ?? 'body') });
      let user: User | undefined;
      if (spec.access === 'user') {
        await requireSession(deps.db, deps.clock, envelope.guid, envelope.address);
        user = await findUser(deps.db, envelope.address);
        if (!user) throw new FlowError('301');
      }
      const data = await handler({ deps, envelope, input: parsed.data, user: user as A extends 'user' ? User : undefined });
      return c.json(success(data ?? {}, language));
    } catch (error) {
      return c.json(failure(error, language));
    }
  });
}

/** Payload field helpers: every value arrives as a string. */
export const fields = {
  id: z.string().regex(/^[1-9]\d{0,9}$/),
  nonce: z.string().regex(/^[0-9a-f]{32}$/),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  positiveInt: (max: number) => z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1).max(max)),
};
