'use client';
import { useTranslations } from 'next-intl';
import { useLocation } from 'wouter';
import { canGoBack } from './hash-location';
import { shortenAddress } from '@/lib/address-text';
import type { RouteEntry } from '@/lib/routes';
import { LanguagePopover } from './LanguagePicker';
import { loadSideMenu } from './side-menu';
import { useWalletState } from './useAccount';
import { useScrolledPast } from './useScrolledPast';

export function Header({ route, onOpenMenu }: { route: RouteEntry; onOpenMenu: () => void }) {
  const active = useScrolledPast();
  const t = useTranslations();
  const tone = active ? 'bg-ink/95 shadow-lg shadow-black/30 backdrop-blur' : 'bg-transparent';
  return (
    <header data-testid="header" data-active={active} className={`sticky top-0 z-40 transition-colors ${tone}`}>
      <div className="mx-auto flex h-14 max-w-app items-center gap-2 px-4">
        {route.back ? <BackBar title={t(route.title)} /> : <MainBar onOpenMenu={onOpenMenu} />}
      </div>
    </header>
  );
}

function BackBar({ title }: { title: string }) {
  const [, navigate] = useLocation();
  const t = useTranslations('common');
  // Opened straight on this screen (a link, a reload), back goes home rather than out of the app.
  const goBack = () => (canGoBack() ? window.history.back() : navigate('/'));
  return (
    <>
      <button data-testid="back" aria-label={t('back')} onClick={goBack} className="-ml-2 grid h-9 w-9 place-items-center rounded-full text-fg">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <h1 className="mr-9 flex-1 truncate text-center text-base font-semibold text-fg">{title}</h1>
    </>
  );
}

function MainBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const t = useTranslations();
  const wallet = useWalletState();
  return (
    <>
      <div className="flex flex-1 items-center gap-2">
        <span className="grid h-8 w-8 place-items-center rounded-full bg-gradient-to-br from-gold to-gold-deep text-xs font-black text-on-gold">W</span>
        <span className="text-sm font-semibold text-fg">{t('app.name')}</span>
      </div>
      {wallet.address ? (
        <span data-testid="wallet-address" className="rounded-full bg-fg/5 px-3 py-1.5 font-mono text-xs text-gold-soft">
          {shortenAddress(wallet.address)}
        </span>
      ) : (
        <button
          data-testid="connect-wallet"
          onClick={wallet.connect}
          disabled={wallet.detecting}
          aria-busy={wallet.detecting}
          className="flex items-center gap-1.5 whitespace-nowrap rounded-full bg-gold px-3 py-1.5 text-xs font-semibold text-on-gold disabled:opacity-80"
        >
          {wallet.detecting && <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-on-gold/30 border-t-on-gold" />}
          {t('header.connectWallet')}
        </button>
      )}
      <LanguagePopover />
      <button
        data-testid="menu-button"
        aria-label={t('header.openMenu')}
        onPointerDown={loadSideMenu}
        onClick={onOpenMenu}
        className="grid h-9 w-9 place-items-center rounded-full bg-fg/5 text-haze"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
    </>
  );
}
