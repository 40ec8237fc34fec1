'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LOCAL_KEYS } from '@/lib/storage-keys';
import { THEMES, type Theme, applyTheme, storedTheme } from '@/lib/theme';

/** The side menu's theme choice: applied at once and kept in localStorage for the next visit. */
export function ThemeOptions() {
  const t = useTranslations('theme');
  const [theme, setTheme] = useState<Theme>(() => storedTheme(window.localStorage));
  const pick = (next: Theme) => {
    window.localStorage.setItem(LOCAL_KEYS.theme, next);
    applyTheme(document.documentElement, next);
    setTheme(next);
  };
  return (
    <div className="flex gap-2 px-5 py-2">
      {THEMES.map((name) => (
        <button
          key={name}
          data-testid={`theme-${name}`}
          aria-pressed={name === theme}
          onClick={() => pick(name)}
          className={`flex-1 rounded-xl py-2 text-sm ring-1 ${name === theme ? 'bg-gold/15 text-gold ring-gold' : 'text-fg ring-ink-line'}`}
        >
          {t(name)}
        </button>
      ))}
    </div>
  );
}
