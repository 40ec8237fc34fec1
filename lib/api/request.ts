import { getAddress } from 'viem';
import { signEnvelope } from '../envelope';
import type { ApiLanguage } from '../i18n';

export type ApiContext = { baseUrl: string; apiKey: string; address: string; guid?: string | null; language: ApiLanguage; now?: () => number };

/**
 * The common fields every request carries, with the md5 sign over all of them. Its own module: viem's
 * checksum (keccak) and spark-md5 load with the first call the app makes itself (lib/api/client.ts: apiPost),
 * not with the first screen, whose public calls the page's early script already made (app/early-requests.ts).
 */
export function buildRequest(payload: Record<string, string>, ctx: ApiContext): Record<string, string> {
  const fields: Record<string, string> = {
    ...payload,
    ust: String(Math.floor((ctx.now?.() ?? Date.now()) / 1000)),
    language: ctx.language,
    address: getAddress(ctx.address),
  };
  if (ctx.guid) fields.guid = ctx.guid;
  fields.sign = signEnvelope(fields, ctx.apiKey);
  return fields;
}
