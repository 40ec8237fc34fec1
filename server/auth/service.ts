import { type Address, type Hex, getAddress } from 'viem';
import * as inputs from '../../lib/api/inputs';
import type { Purpose, SignedAction } from '../../lib/api/purposes';
import type { ApiLanguage } from '../../lib/i18n';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { AppError, FlowError } from '../errors';
import { type Wording, translate } from '../i18n';
import { type User, eligibleInviter, findUser, lockAddress, registerUser } from '../users/registry';
import type { IssuedChallenges } from './issued-challenges';
import { boundParams, issueChallenge, issueSessionChallenge, spendChallenge } from './nonces';
import { openSession, sessionUser } from './sessions';
import { signInMessage } from './sign-in-message';
import { signInOrigin } from './site-origin';

/** `issued`: the challenges this server issued, remembered for the signed calls that spend them (issued-challenges.ts). */
type Deps = {
  db: Db;
  clock: Clock;
  issued?: IssuedChallenges;
  config: { sessionTtlSeconds: number; nonceTtlSeconds: number; chainId: number; appOrigins: readonly string[] };
};
export type SignedNonce = { nonce: string; signature: Hex };
/** Who asks, from where (the request's Origin: a sign-in is refused from another site's page) and in which language. */
export type Asker = { address: Address; origin?: string; language: ApiLanguage };

/** '301' when the address is not registered. */
export async function requireRegistered(db: Db, address: Address): Promise<void> {
  if (!(await findUser(db, address))) throw new FlowError('301');
}

/**
 * The challenge for sign-in or registration: an EIP-4361 message. Registration names its inviter, who is
 * checked first, so a wrong inviter is refused with its reason before the wallet is asked to sign.
 */
export async function signInChallenge(deps: Deps, asker: Asker, purpose: Extract<Purpose, 'login' | 'reg'>, introAddress?: string) {
  const origin = signInOrigin(deps.config.appOrigins, asker.origin);
  let statement = translate('siweLogin', asker.language);
  if (purpose === 'reg') {
    if (!introAddress) throw new AppError('invalidField', { field: 'intro_address' });
    const inviter = checksum(introAddress);
    await eligibleInviter(deps.db, asker.address, inviter);
    statement = translate('siweRegister', asker.language, { inviter });
  }
  const params = boundParams(purpose, introAddress ? { intro_address: introAddress } : {});
  const request = { address: asker.address, purpose, params, ttlSeconds: deps.config.nonceTtlSeconds };
  return issueChallenge(deps.db, deps.clock, request, (nonce, expiresAt) =>
    signInMessage({ origin, address: asker.address, statement, chainId: deps.config.chainId, nonce, issuedAt: deps.clock.now(), expiresAt }),
  );
}

/**
 * The challenge for a signed action, for the signed-in member of session `guid`: what it does in words
 * (`wording`, from the domain that owns the action) in the asker's language, the account, the nonce and the
 * expiry; bound to the action's fields. '302' without a live session of this address, '301' when not registered.
 */
export async function actionChallenge(deps: Deps, asker: Asker & { guid: string }, action: SignedAction, fields: Record<string, string>, wording: Wording) {
  const request = { address: asker.address, purpose: action, params: boundParams(action, fields), ttlSeconds: deps.config.nonceTtlSeconds, guid: asker.guid };
  const what = translate(wording.key, asker.language, wording.params);
  const frame = (nonce: string, expiresAt: Date) =>
    translate('actionFrame', asker.language, { action: what, address: asker.address, nonce, expires: expiresAt.toISOString() });
  const issued = await issueSessionChallenge(deps.db, deps.clock, request, frame, deps.issued);
  if (issued) return issued;
  await sessionUser(deps.db, deps.clock, asker.guid, asker.address);
  throw new FlowError('302'); // the session ended between the two queries
}

/** The fields of a signed action, checked with its own input schema before anything is worded or signed. */
export function actionFields(action: SignedAction, fields: Record<string, string>): Record<string, string> {
  const parsed = inputs[action].safeParse(fields);
  if (!parsed.success) throw new AppError('invalidField', { field: String(parsed.error.issues[0]?.path[0] ?? 'body') });
  return fields;
}

/**
 * A session for a registered address, never for a page on another site. The challenge is used up first,
 * even when the answer is '301'.
 */
export async function login(deps: Deps, asker: Omit<Asker, 'language'>, signed: SignedNonce): Promise<{ guid: string }> {
  const { address } = asker;
  signInOrigin(deps.config.appOrigins, asker.origin);
  await spendChallenge(deps.db, deps.clock, { address, purpose: 'login', params: boundParams('login', {}), ...signed });
  await requireRegistered(deps.db, address);
  return { guid: await openSession(deps.db, deps.clock, address, deps.config.sessionTtlSeconds) };
}

/**
 * Registers the address under the inviter its challenge named, never from a page on another site, and signs it
 * in: the one signature over the registration message (which says it signs in too) opens the session that `login`
 * would, so a new member signs once, not twice (the spec's `login` after `reg` still works and replaces it).
 * `onRegistered` runs in the registration's transaction (the route passes the ledger's: deposits made before
 * registering are credited there), so sign-in knows nothing of money.
 */
export async function register(
  deps: Deps,
  asker: Omit<Asker, 'language'>,
  req: SignedNonce & { inviter: string },
  onRegistered: (tx: Tx, user: User, clock: Clock) => Promise<void>,
): Promise<{ guid: string }> {
  const { address } = asker;
  signInOrigin(deps.config.appOrigins, asker.origin);
  await spendChallenge(deps.db, deps.clock, {
    address,
    purpose: 'reg',
    params: boundParams('reg', { intro_address: req.inviter }),
    nonce: req.nonce,
    signature: req.signature,
  });
  const inviter = checksum(req.inviter);
  await deps.db.transaction(async (tx) => {
    await lockAddress(tx, address);
    const user = await registerUser(tx, address, inviter, deps.clock.now());
    await onRegistered(tx, user, deps.clock);
  });
  return { guid: await openSession(deps.db, deps.clock, address, deps.config.sessionTtlSeconds) };
}

function checksum(address: string): Address {
  try {
    return getAddress(address);
  } catch {
    throw new AppError('invalidAddress');
  }
}
