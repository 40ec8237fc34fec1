import type { z } from 'zod';
import type { ConsoleErrorCode } from '../../../lib/console-api/contract';
import { AppError } from '../../errors';
import type { ApiLanguage } from '../../../lib/i18n';
import { isMessageKey, type MessageKey, translate } from '../../i18n';

/** The HTTP status of each console error code. */
export const STATUS: Record<ConsoleErrorCode, 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503> = {
  invalidInput: 400,
  unauthenticated: 401,
  csrf: 403,
  forbidden: 403,
  notOperator: 403,
  badSignature: 400,
  foreignOrigin: 400,
  expired: 400,
  notFound: 404,
  conflict: 409,
  sameOperator: 409,
  tooMany: 429,
  unavailable: 503,
  internal: 500,
};

const CODE_OF: Partial<Record<MessageKey, ConsoleErrorCode>> = {
  consoleInvalidInput: 'invalidInput',
  consoleUnauthenticated: 'unauthenticated',
  consoleCsrf: 'csrf',
  consoleForbidden: 'forbidden',
  consoleNotOperator: 'notOperator',
  consoleBadSignature: 'badSignature',
  consoleForeignOrigin: 'foreignOrigin',
  consoleExpired: 'expired',
  consoleNotFound: 'notFound',
  consoleSameOperator: 'sameOperator',
  consoleNotUnderReview: 'conflict',
  consoleOperatorExists: 'conflict',
  consoleNoOperator: 'conflict',
  consoleOwnAdmin: 'conflict',
  consoleRefused: 'conflict',
  consoleUnavailable: 'unavailable',
  consoleTooMany: 'tooMany',
  consoleNotApprover: 'forbidden',
  consoleNoRequest: 'conflict',
  consoleSecondAdminNeeded: 'conflict',
  consoleGrantPending: 'conflict',
  consoleGrantDecided: 'conflict',
  consoleOwnGrant: 'sameOperator',
  consoleApproverGone: 'conflict',
  consoleApproverTooNew: 'conflict',
  consoleApproverVouched: 'sameOperator',
};

/** A refusal with its code, message key and (for input) the fields at fault. */
export class ConsoleRefusal extends Error {
  constructor(
    readonly code: ConsoleErrorCode,
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
    readonly fields?: Record<string, string>,
  ) {
    super(key);
  }
}

export const notFound = (what: string) => new ConsoleRefusal('notFound', 'consoleNotFound', { what });
export const refused = (detail: string) => new ConsoleRefusal('conflict', 'consoleRefused', { detail });
export const invalidInput = (detail: string, fields?: Record<string, string>) => new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail }, fields);

/** The value, or a 'not found' refusal naming `what`. */
export const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw notFound(what);
  return value;
};

/** A domain's refusal in plain English (the CLI's wording) becomes a localised 'Refused: …'. */
export async function domain<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError || error instanceof ConsoleRefusal) throw error;
    if (error instanceof Error && !('code' in error) && !(error.cause instanceof Error)) throw refused(error.message);
    throw error;
  }
}

/**
 * The refusal of an input that failed its schema: one localised sentence when the failure's message is a server
 * message key (lib/console-api/inputs.ts), otherwise 'Invalid input: field: what it must be; …'.
 */
export function inputRefusal(error: z.ZodError): ConsoleRefusal {
  const fields = fieldsOf(error);
  const worded = Object.values(fields).find(isMessageKey);
  if (worded) return new ConsoleRefusal('invalidInput', worded, {}, fields);
  return invalidInput(
    Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; '),
    fields,
  );
}

/** The fields' messages, a message key worded in the request's language. */
export const wordedFields = (fields: Record<string, string>, language: ApiLanguage) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, isMessageKey(v) ? translate(v, language) : v]));

/** An input's failures by field path (the first message of each). */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join('.') || 'body'] ??= issue.message;
  return out;
}

/** What the caller is told: a console refusal as it is, a domain's AppError under its console code, else nothing. */
export function refusalOf(error: unknown): ConsoleRefusal | undefined {
  if (error instanceof ConsoleRefusal) return error;
  if (error instanceof AppError) return new ConsoleRefusal(CODE_OF[error.key] ?? 'invalidInput', error.key, error.params);
  return undefined;
}
