'use client';
import { useTranslations } from 'next-intl';
import { CONSOLE_LOCALES, LOCALE_NAMES } from '../lib/i18n';
import { useSession } from '../lib/session';

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const t = useTranslations('nav');
  const { locale, setLocale } = useSession();
  return (
    <select
      aria-label={t('language')}
      value={locale}
      onChange={(e) => setLocale(e.target.value as (typeof CONSOLE_LOCALES)[number])}
      className={`rounded-md border border-slate-300 bg-white px-2 py-1 text-xs ${compact ? '' : 'w-full'}`}
    >
      {CONSOLE_LOCALES.map((l) => (
        <option key={l} value={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
