'use client';
import { useTranslations } from 'next-intl';
import { EmptyState } from '../ScreenFrame';
import { useWallet } from './WalletContext';

/** A member's screen before sign-in: says so, with a connect button (back-type pages have none in the header). */
export function SignedOutState() {
  const t = useTranslations();
  const wallet = useWallet();
  const action = wallet.status === 'disconnected' && (
    <button data-testid="empty-connect" onClick={wallet.connect} disabled={wallet.detecting} className="mt-4 rounded-xl bg-gold px-6 py-2 text-sm font-semibold text-on-gold disabled:opacity-80">
      {t('header.connectWallet')}
    </button>
  );
  return <EmptyState title={t('menu.notSignedIn')} body={t('menu.connectHint')} action={action} />;
}
