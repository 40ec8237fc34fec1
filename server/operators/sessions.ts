import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { type Address, type Hex, getAddress, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { ApiLanguage } from '../../lib/i18n';
import { signInMessage } from '../auth/sign-in-message';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { recordAudit } from './audit';
import { type Operator, activeOperator } from './operators';
import { consoleNonces, consoleSessions } from './tables';

export const CONSOLE_NONCE_TTL_MS = 5 * 60_000;
export const CONSOLE_SESSION_TTL_MS = 12 * 3600_000;

export type ConsoleSignIn = { origin: string; chainId: number };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The EIP-4361 message an operator signs to open the console: it names the console's own origin (never the
 * members' app), the address, a one-time nonce and a five-minute validity.
 */
export async function consoleNonce(db: Db, clock: Clock, site: ConsoleSignIn, address: string, language: ApiLanguage) {
  const nonce = randomBytes(16).toString('hex');
  const issuedAt = clock.now();
  const expiresAt = new Date(issuedAt.getTime() + CONSOLE_NONCE_TTL_MS);
  const checksummed = getAddress(address);
  await db.insert(consoleNonces).values({ nonce, address: checksummed, expiresAt });
  const message = signInMessage({
    origin: site.origin,
    address: checksummed,
    statement: translate('consoleSiwe', language),
    chainId: site.chainId,
    nonce,
    issuedAt,
    expiresAt,
  });
  return { message, expiresAt };
}

/**
 * Checks a signed sign-in message: for this console's origin (domain and URI), a nonce issued for that address,
 * unexpired and unused (spent here, once), the signature by that address, and an active operator. Opens a
 * session: answers the cookie's value (only its hash is stored) and the csrf token.
 */
export async function consoleLogin(db: Db, clock: Clock, site: ConsoleSignIn, message: string, signature: Hex) {
  const fields = parseSiweMessage(message);
  const origin = new URL(site.origin);
  if (fields.domain !== origin.host || fields.uri !== origin.origin || fields.chainId !== site.chainId)
    throw new AppError('consoleForeignOrigin', { site: origin.origin });
  if (!fields.address || !fields.nonce) throw new AppError('consoleInvalidInput', { detail: 'message' });
  const address = getAddress(fields.address);
  const now = clock.now();
  const valid = await verifyMessage({ address, message, signature }).catch(() => false);
  if (!valid) throw new AppError('consoleBadSignature');
  const [spent] = await db
    .update(consoleNonces)
    .set({ usedAt: now })
    .where(and(eq(consoleNonces.nonce, fields.nonce), eq(consoleNonces.address, address), isNull(consoleNonces.usedAt), gt(consoleNonces.expiresAt, now)))
    .returning({ nonce: consoleNonces.nonce });
  if (!spent) throw new AppError('consoleExpired');
  const operator = await activeOperator(db, address);
  if (!operator) throw new AppError('consoleNotOperator');
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await db
    .insert(consoleSessions)
    .values({ tokenHash: sha256(token), address, csrfToken, createdAt: now, expiresAt: new Date(now.getTime() + CONSOLE_SESSION_TTL_MS) });
  await recordAudit(db, { operator: address, action: 'login' }, now);
  return { token, csrfToken, operator };
}

export type ConsoleSession = { operator: Operator & { address: Address }; csrfToken: string; tokenHash: string };

/** The session of a cookie value: unexpired, of an operator still active (roles read now, so a change applies at once). */
export async function consoleSession(db: Db, clock: Clock, token: string | undefined): Promise<ConsoleSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = sha256(token);
  const [row] = await db
    .select()
    .from(consoleSessions)
    .where(and(eq(consoleSessions.tokenHash, tokenHash), gt(consoleSessions.expiresAt, clock.now())))
    .limit(1);
  if (!row) return undefined;
  const operator = await activeOperator(db, row.address);
  return operator ? { operator: operator as ConsoleSession['operator'], csrfToken: row.csrfToken, tokenHash } : undefined;
}

export async function consoleLogout(db: Db, clock: Clock, session: ConsoleSession): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, session.tokenHash));
  await recordAudit(db, { operator: session.operator.address, action: 'logout' }, clock.now());
}

/** Console nonces expired or spent and sessions expired (the job loop's purge, server/jobs/purge.ts): how many of each. */
export async function purgeConsole(db: Db, clock: Clock): Promise<{ nonces: number; sessions: number }> {
  const now = clock.now();
  const nonces = await db
    .delete(consoleNonces)
    .where(or(lt(consoleNonces.expiresAt, now), lt(consoleNonces.usedAt, now)))
    .returning({ nonce: consoleNonces.nonce });
  const sessions = await db.delete(consoleSessions).where(lt(consoleSessions.expiresAt, now)).returning({ tokenHash: consoleSessions.tokenHash });
  return { nonces: nonces.length, sessions: sessions.length };
}
