'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { useState } from 'react';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { CONSOLE_MESSAGES } from '../lib/i18n';
import { SessionProvider, useSession } from '../lib/session';
import { Layout } from './Layout';
import { SignIn } from './SignIn';
import { ToastProvider } from './Toast';

/** The console: providers, then the sign-in card or the sections this operator's roles allow. */
export function Console() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Localised>
          <ToastProvider>
            <Router hook={useHashLocation}>
              <Gate />
            </Router>
          </ToastProvider>
        </Localised>
      </SessionProvider>
    </QueryClientProvider>
  );
}

function Localised({ children }: { children: React.ReactNode }) {
  const { locale } = useSession();
  return (
    <NextIntlClientProvider locale={locale} messages={CONSOLE_MESSAGES[locale]} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

function Gate() {
  const { status } = useSession();
  if (status === 'checking') return <div className="min-h-screen" aria-busy />;
  return status === 'signedIn' ? <Layout /> : <SignIn />;
}
