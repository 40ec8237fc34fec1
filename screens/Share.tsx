'use client';
import { useTranslations } from 'next-intl';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { InviteCard } from '@/components/share/InviteCard';
import { useWallet } from '@/components/wallet/WalletContext';
import type { ScreenProps } from '@/lib/routes';

/** Invite friends: before a wallet is connected, the visitor is asked to connect instead of shown a broken link. */
export default function Share({ route }: ScreenProps) {
  const t = useTranslations();
  const wallet = useWallet();
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Share" className="space-y-4">
        {wallet.address ? (
          <InviteCard address={wallet.address} />
        ) : (
          <div data-testid="share-connect" className="space-y-4">
            <EmptyState title={t('share.connectTitle')} body={t('share.connectBody')} />
            <button data-testid="share-connect-wallet" onClick={wallet.connect} className="w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold">
              {t('header.connectWallet')}
            </button>
          </div>
        )}
      </div>
    </ScreenFrame>
  );
}
