import type { ApiContext } from '@/lib/api/client';
import { ZERO_ADDRESS, env } from '@/lib/env';
import { API_LANGUAGE, type Locale } from '@/lib/i18n';

/** The common fields' sources for every app request: the environment, the account (or none), the session, the language. */
export function appApiContext(address: string | undefined, guid: string | null, locale: Locale): ApiContext {
  return { baseUrl: env.apiBaseUrl, apiKey: env.apiKey, address: address ?? ZERO_ADDRESS, guid, language: API_LANGUAGE[locale] };
}
