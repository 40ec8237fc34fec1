import { getRequestConfig } from 'next-intl/server';
import { DEFAULT_LOCALE, loadMessages } from '@/lib/i18n';

// next-intl's plugin (next.config.mjs, there for its message precompilation) needs a request configuration.
// The app is client-only (components/LocaleProvider.tsx chooses the language); the export's server render
// calls no next-intl server API, so this only names the default.
export default getRequestConfig(async () => ({ locale: DEFAULT_LOCALE, messages: await loadMessages(DEFAULT_LOCALE) }));
