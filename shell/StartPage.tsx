'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { TIMING } from '@/lib/timing';

/** The root view's start page: once per session, for 3000 ms. */
export function StartPage() {
  const t = useTranslations('app');
  const [visible, setVisible] = useState(() => !window.sessionStorage.getItem(SESSION_KEYS.startPageShown));
  useEffect(() => {
    if (!visible) return;
    window.sessionStorage.setItem(SESSION_KEYS.startPageShown, '1');
    const timer = setTimeout(() => setVisible(false), TIMING.startPage);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div data-testid="start-page" className="fixed inset-0 z-[80] flex flex-col items-center justify-center gap-4 bg-ink">
      <span className="grid h-20 w-20 place-items-center rounded-3xl bg-gradient-to-br from-gold to-gold-deep text-3xl font-black text-ink shadow-lg shadow-gold/20">W</span>
      <p className="text-lg font-semibold text-white">{t('name')}</p>
      <p className="px-10 text-center text-sm text-haze">{t('tagline')}</p>
    </div>
  );
}
