import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { CODE_RULES, type CodeScene, checkEmail, isCode, maskEmail, normalizeEmail } from '../../lib/email';
import type { ApiLanguage } from '../../lib/i18n';
import type { CodeSent, EmailBound } from '../../lib/api/replies';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { emailCodes } from './tables';
import { ADVISORY_LOCKS } from '../db/locks';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { logger } from '../log';
import { type User, setEmail, userIdByEmail } from '../users/registry';
import type { Mailer } from './mailer';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Only a salted scrypt hash of a code is stored: `salt:hash`, both hex. */
async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${(await scrypt(code, salt, 32)).toString('hex')}`;
}
async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [salt = '', hash = ''] = stored.split(':');
  const expected = Buffer.from(hash, 'hex');
  const actual = await scrypt(code, Buffer.from(salt, 'hex'), 32);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A usable email for this step, normalised; its refusal names the step ('Please enter the new email'). */
function validEmail(raw: string | undefined, emptyKey: 'emailRequired' | 'newEmailRequired'): string {
  const problem = checkEmail(raw ?? '');
  if (problem === 'required') throw new AppError(emptyKey);
  if (problem) throw new AppError('emailInvalid');
  return normalizeEmail(raw ?? '');
}

async function assertFree(db: Db, email: string, user: User) {
  const ownerId = await userIdByEmail(db, email);
  if (ownerId !== undefined && ownerId !== user.id) throw new AppError('emailTaken');
}

/** Where a scene's code goes, after its own checks: bind (no email yet), change-old (the current one), change-new. */
async function target(db: Db, user: User, scene: CodeScene, raw: string | undefined): Promise<string> {
  if (scene === 'change-old') {
    if (!user.email) throw new AppError('emailNotBound');
    return user.email;
  }
  if (scene === 'bind' && user.email) throw new AppError('emailAlreadyBound');
  if (scene === 'change-new' && !user.email) throw new AppError('emailNotBound');
  const email = validEmail(raw, scene === 'bind' ? 'emailRequired' : 'newEmailRequired');
  if (scene === 'change-new' && email === user.email) throw new AppError('emailSame');
  await assertFree(db, email, user);
  return email;
}

/**
 * Sends a 6-digit code for a scene by SMTP, in the request's language. At most one send a minute per member
 * (per scene, so a change can ask for the current email's code and then the new one's) and per email, checked
 * under a lock so two calls at once cannot both pass; a failed send leaves no code.
 */
export async function sendCode(
  db: Db,
  clock: Clock,
  mailer: Mailer | undefined,
  user: User,
  input: { scene: CodeScene; email?: string },
  language: ApiLanguage,
): Promise<CodeSent> {
  if (!mailer) throw new AppError('mailerOff');
  const email = await target(db, user, input.scene, input.email);
  const code = String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');
  const codeHash = await hashCode(code);
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    // One lock per member and one per email: the later of two concurrent sends sees the earlier's row.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.emailCodeSpace}::int, ${user.id}::int)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.emailCodeSpace}::int, hashtext(${email}::text))`);
    const since = new Date(now.getTime() - CODE_RULES.resendSeconds * 1000);
    const [recent] = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(or(and(eq(emailCodes.userId, user.id), eq(emailCodes.purpose, input.scene)), eq(emailCodes.email, email)), gt(emailCodes.createdAt, since)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    if (recent) {
      const wait = Math.ceil((recent.createdAt.getTime() + CODE_RULES.resendSeconds * 1000 - now.getTime()) / 1000);
      throw new AppError('codeTooSoon', { seconds: String(Math.max(1, wait)) });
    }
    const expiresAt = new Date(now.getTime() + CODE_RULES.ttlSeconds * 1000);
    const [row] = await tx
      .insert(emailCodes)
      .values({ userId: user.id, purpose: input.scene, email, codeHash, expiresAt, createdAt: now })
      .returning({ id: emailCodes.id });
    return row!.id;
  });
  try {
    await mailer.send({ to: email, subject: translate('codeSubject', language, { code }), text: translate('codeBody', language, { code }) });
  } catch (error) {
    await db.delete(emailCodes).where(eq(emailCodes.id, id));
    logger.warn({ err: error }, 'verification mail not sent');
    throw new AppError('mailerFailed');
  }
  return { email: maskEmail(email), expires_in: String(CODE_RULES.ttlSeconds), resend_in: String(CODE_RULES.resendSeconds) };
}

/**
 * Checks a code for (member, scene, email): the newest unused one that has not expired. A wrong code uses a
 * try (committed even though the call fails); the fifth wrong try ends the code. Returns the code's id.
 */
async function verify(db: Db, clock: Clock, user: User, scene: CodeScene, email: string, raw: string): Promise<number> {
  if (!raw.trim()) throw new AppError('codeRequired');
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, user.id),
        eq(emailCodes.purpose, scene),
        eq(emailCodes.email, email),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, clock.now()),
      ),
    )
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row) throw new AppError('codeInvalid');
  if (row.tries >= CODE_RULES.maxTries) throw new AppError('codeTooManyTries');
  if (isCode(raw) && (await codeMatches(raw.trim(), row.codeHash))) return row.id;
  const [after] = await db
    .update(emailCodes)
    .set({ tries: sql`${emailCodes.tries} + 1` })
    .where(eq(emailCodes.id, row.id))
    .returning({ tries: emailCodes.tries });
  throw new AppError((after?.tries ?? CODE_RULES.maxTries) >= CODE_RULES.maxTries ? 'codeTooManyTries' : 'codeInvalid');
}

/** Uses the codes up and sets the member's email, in one transaction; a code spent meanwhile or an email taken meanwhile fails it. */
async function commit(db: Db, clock: Clock, user: User, codeIds: number[], email: string): Promise<EmailBound> {
  try {
    await db.transaction(async (tx) => {
      for (const id of codeIds) {
        const used = await tx
          .update(emailCodes)
          .set({ usedAt: clock.now() })
          .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
          .returning({ id: emailCodes.id });
        if (used.length === 0) throw new AppError('codeInvalid');
      }
      await setEmail(tx, user.id, email);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The unique index on users.email: another member bound it between the check and now.
    if (/users_email|unique/i.test(String((error as { cause?: unknown }).cause ?? error))) throw new AppError('emailTaken');
    throw error;
  }
  return { email };
}

/** Binds a first email with the code sent to it. */
export async function bindEmail(db: Db, clock: Clock, user: User, input: { email: string; code: string }): Promise<EmailBound> {
  if (user.email) throw new AppError('emailAlreadyBound');
  const email = validEmail(input.email, 'emailRequired');
  await assertFree(db, email, user);
  return commit(db, clock, user, [await verify(db, clock, user, 'bind', email, input.code)], email);
}

/** Changes the email: the code sent to the current email, then the new email with the code sent to it. */
export async function changeEmail(db: Db, clock: Clock, user: User, input: { old_code: string; email: string; code: string }): Promise<EmailBound> {
  if (!user.email) throw new AppError('emailNotBound');
  const oldCode = await verify(db, clock, user, 'change-old', user.email, input.old_code);
  const email = validEmail(input.email, 'newEmailRequired');
  if (email === user.email) throw new AppError('emailSame');
  await assertFree(db, email, user);
  return commit(db, clock, user, [oldCode, await verify(db, clock, user, 'change-new', email, input.code)], email);
}

/** Deletes the codes that expired before `before` (server/jobs/purge.ts); how many went. */
export async function purgeExpiredCodes(db: Db, before: Date): Promise<number> {
  return (
    await db
      .delete(emailCodes)
      .where(lt(emailCodes.expiresAt, before))
      .returning({ n: sql`1` })
  ).length;
}
