'use client';
import { NextIntlClientProvider } from 'next-intl';
import { createContext, startTransition, useCallback, useContext, useEffect, useState } from 'react';
import { type Locale, type Messages, loadMessages, loadedMessages, storeLocale, storedLocale } from '@/lib/i18n';

type LocaleApi = { locale: Locale; setLocale: (locale: Locale) => void };
const LocaleContext = createContext<LocaleApi | null>(null);

/** next-intl without i18n routing: the chosen language lives in sessionStorage (the spec's key) and localStorage (the next visits); only its messages load. */
export function LocaleProvider({ children }: { children: React.ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => storedLocale(window.sessionStorage, window.localStorage));
  // The shell starts loading them with itself: usually they are in by the first render.
  const [messages, setMessages] = useState<{ locale: Locale; messages: Messages } | null>(() => {
    const ready = loadedMessages(locale);
    return ready ? { locale, messages: ready } : null;
  });

  useEffect(() => {
    let live = true;
    document.documentElement.lang = locale;
    // A transition: a language switch (or messages that come after mount) yields to the browser as it goes.
    // (The app's first render is one already: app/page.tsx.)
    // Messages already on screen keep their state object: nothing renders again.
    void loadMessages(locale).then(
      (m) => live && startTransition(() => setMessages((shown) => (shown?.locale === locale && shown.messages === m ? shown : { locale, messages: m }))),
    );
    return () => {
      live = false;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    storeLocale(next, window.sessionStorage, window.localStorage);
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
