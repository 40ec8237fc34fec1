'use client';
import { useTranslations } from 'next-intl';
import { useLayoutEffect } from 'react';
import { removeEarlySignIn } from '@/lib/early-replies';
import type { RouteEntry } from '@/lib/routes';
import { EmptyState, ScreenFrame } from '../ScreenFrame';
import { useWallet } from './WalletContext';

/**
 * What a member's route (route meta `session`) shows without a session, in place of its screen: the one
 * connect entry point (the wallet chooser, with the burner wallet where the build offers it). Back-type pages
 * have no connect button in the header, so the card carries its own; with a wallet connected but no session it
 * signs in. While a wallet is being found or is signing in the button waits, busy. Until the app has loaded, the page shows a copy of it (app/early-sign-in.ts).
 */
export function SignInCard({ route }: { route: RouteEntry }) {
  const t = useTranslations();
  const wallet = useWallet();
  const busy = wallet.detecting || wallet.status === 'connecting' || wallet.signingIn;
  // A connected wallet without a session (the signature was declined, or the member signed out) signs in from here.
  const connected = wallet.status === 'connected';
  // The page's early copy of this card (app/early-sign-in.ts) goes as this one is laid out, before it is painted.
  useLayoutEffect(removeEarlySignIn, []);
  const action = (
    <button
      data-testid="empty-connect"
      onClick={wallet.connect}
      disabled={busy || (wallet.status !== 'disconnected' && !connected)}
      aria-busy={busy}
      className="mt-4 flex items-center gap-2 rounded-xl bg-gold px-6 py-2 text-sm font-semibold text-on-gold disabled:opacity-80"
    >
      {busy && <span aria-hidden className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-on-gold/30 border-t-on-gold" />}
      {connected ? t('session.signIn') : t('header.connectWallet')}
    </button>
  );
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-testid="signed-out" data-route={route.path}>
        <EmptyState title={t('menu.notSignedIn')} body={wallet.signInFailed ? t('session.declined') : t('signedOut.body')} action={action} />
      </div>
    </ScreenFrame>
  );
}
