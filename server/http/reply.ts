import { API_LANGUAGE, type ApiLanguage } from '../../lib/i18n';
import { AppError, FlowError } from '../errors';
import { translate } from '../i18n';
import { type Logger, logger } from '../log';
import { BodyRefused } from './envelope';
import { RateLimited } from './rate-limits';

export type Reply = { status: 0 | 1; info: string; data: unknown };

const OK = Object.fromEntries(Object.values(API_LANGUAGE).map((language) => [language, translate('ok', language)])) as Record<ApiLanguage, string>;

export const success = (data: unknown, language: ApiLanguage): Reply => ({ status: 1, info: OK[language], data });

/**
 * Every failure still carries a data field: the app reads a missing one as a refused connection. An unexpected
 * error is logged by its kind, the endpoint and a short message (server/log.ts: no SQL, no parameters) and
 * answered 'Server busy'.
 */
export function failure(error: unknown, language: ApiLanguage, where: { endpoint?: string; log?: Logger } = {}): Reply {
  if (error instanceof FlowError) return { status: 0, info: error.info, data: {} };
  if (error instanceof AppError) return { status: 0, info: translate(error.key, language, error.params), data: {} };
  (where.log ?? logger).error({ err: error, endpoint: where.endpoint }, 'unexpected error in a route');
  return { status: 0, info: translate('internal', language), data: {} };
}

/** Most refusals travel as HTTP 200 with status 0 (the app reads the info); a body refused whole and a rate limit say so in HTTP too. */
export function failureStatus(error: unknown): { status: 200 | 400 | 413 | 429; headers?: Record<string, string> } {
  if (error instanceof RateLimited) return { status: 429, headers: { 'retry-after': String(error.retryAfterSeconds) } };
  if (error instanceof BodyRefused) return { status: error.status };
  return { status: 200 };
}
