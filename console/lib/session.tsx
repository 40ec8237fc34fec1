'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type ConsoleLocale, storeConsoleLocale, storedConsoleLocale } from './i18n';
import { type ConsoleEndpoint, type ConsoleInputOf, type ConsoleReplyOf, consoleEndpoints } from '../../lib/console-api/contract';
import type { Session } from '../../lib/console-api/replies';
import { callApi, isSignedOut } from './api';

export type Operator = Session;

type SessionApi = {
  operator: Operator | null;
  /** 'checking' while the page asks whether its cookie is still a session. */
  status: 'checking' | 'signedOut' | 'signedIn';
  setOperator: (operator: Operator | null) => void;
  locale: ConsoleLocale;
  setLocale: (locale: ConsoleLocale) => void;
  /** Calls an endpoint as this operator; a lost session signs the page out. */
  call: <E extends ConsoleEndpoint>(endpoint: E, input: ConsoleInputOf<E>) => Promise<ConsoleReplyOf<E>>;
};

const SessionContext = createContext<SessionApi | null>(null);

/** The signed-in operator (the CSRF token is kept in memory only) and the console's language. */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [operator, setOperatorState] = useState<Operator | null>(null);
  const [status, setStatus] = useState<SessionApi['status']>('checking');
  const [locale, setLocaleState] = useState<ConsoleLocale>(storedConsoleLocale);

  const setOperator = useCallback((next: Operator | null) => {
    setOperatorState(next);
    setStatus(next ? 'signedIn' : 'signedOut');
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // A reload keeps the cookie but not the token: `me` answers who the cookie belongs to, with a token.
  useEffect(() => {
    let live = true;
    callApi(consoleEndpoints.me, {}, { language: storedConsoleLocale() }).then(
      (o) => live && setOperator(o),
      () => live && setOperator(null),
    );
    return () => {
      live = false;
    };
  }, [setOperator]);

  const call = useCallback(
    async <E extends ConsoleEndpoint>(endpoint: E, input: ConsoleInputOf<E>): Promise<ConsoleReplyOf<E>> => {
      try {
        return await callApi(endpoint, input, { csrfToken: operator?.csrfToken, language: locale });
      } catch (error) {
        if (isSignedOut(error)) setOperator(null);
        throw error;
      }
    },
    [operator, locale, setOperator],
  );

  const api = useMemo<SessionApi>(
    () => ({
      operator,
      status,
      setOperator,
      locale,
      setLocale: (l) => {
        storeConsoleLocale(l);
        setLocaleState(l);
      },
      call,
    }),
    [operator, status, setOperator, locale, call],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession outside SessionProvider');
  return api;
}
