'use client';
import { NextIntlClientProvider } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { type Locale, type Messages, loadMessages, storedLocale } from '@/lib/i18n';
import { SESSION_KEYS } from '@/lib/storage-keys';

type LocaleApi = { locale: Locale; setLocale: (locale: Locale) => void };
const LocaleContext = createContext<LocaleApi | null>(null);

/** next-intl without i18n routing: the chosen language lives in sessionStorage; only its messages load. */
export function LocaleProvider({ children }: { children: React.ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => storedLocale(window.sessionStorage));
  const [messages, setMessages] = useState<{ locale: Locale; messages: Messages } | null>(null);

  useEffect(() => {
    let live = true;
    void loadMessages(locale).then((m) => live && setMessages({ locale, messages: m }));
    document.documentElement.lang = locale;
    return () => {
      live = false;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    window.sessionStorage.setItem(SESSION_KEYS.language, next);
    setLocaleState(next);
  }, []);

  if (!messages) return null;
  return (
    <LocaleContext.Provider value={{ locale, setLocale }}>
      <NextIntlClientProvider locale={messages.locale} messages={messages.messages} timeZone="UTC">
        {children}
      </NextIntlClientProvider>
    </LocaleContext.Provider>
  );
}

export function useLocaleChoice(): LocaleApi {
  const api = useContext(LocaleContext);
  if (!api) throw new Error('useLocaleChoice outside LocaleProvider');
  return api;
}
