'use client';
import { useTranslations } from 'next-intl';
import { LOCALES, LOCALE_LABELS } from '@/lib/i18n';
import { useLocaleChoice } from '@/components/LocaleProvider';

// Order of the spec's popover: English, Simplified Chinese, Traditional Chinese, French, Korean.
const POPOVER_ORDER = ['en', 'zh-CN', 'zh-TW', 'fr', 'ko'] as const satisfies readonly (typeof LOCALES)[number][];

/** The five languages, the current one ticked. `rowInset` lines the rows up with their list (the side menu's entries sit at px-5). */
export function LanguageOptions({ onPick, rowInset = 'px-4' }: { onPick?: () => void; rowInset?: 'px-4' | 'px-5' }) {
  const { locale, setLocale } = useLocaleChoice();
  return (
    <ul className="py-1">
      {POPOVER_ORDER.map((code) => (
        <li key={code}>
          <button
            data-locale={code}
            className={`flex w-full items-center justify-between ${rowInset} py-2.5 text-left text-sm ${code === locale ? 'text-gold' : 'text-fg'}`}
            onClick={() => {
              setLocale(code);
              onPick?.();
            }}
          >
            {LOCALE_LABELS[code]}
            {code === locale && <span aria-hidden>✓</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The header's globe button (LanguagePopover's, and the popover's own once Headless UI has loaded). */
export function LanguageButton(props: React.ComponentProps<'button'>) {
  const t = useTranslations('header');
  return (
    <button
      aria-label={t('chooseLanguage')}
      data-testid="language-button"
      className="grid h-9 w-9 place-items-center rounded-full bg-fg/5 text-haze outline-none"
      {...props}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
    </button>
  );
}
