'use client';
import { useTranslations } from 'next-intl';
import { browserKind } from '@/lib/wallet/deep-links';
import { BottomSheet } from '../../BottomSheet';
import { InAppOverlay } from './InAppOverlay';
import { PageQr } from './PageQr';
import { WalletLinks } from './WalletLinks';

/**
 * What a browser with no wallet offers instead of a dead end: this very page (route and invite kept) opened in a
 * wallet's own browser. Loaded only once the app has looked for a wallet and found none.
 */
export default function NoWallet({ onClose }: { onClose: () => void }) {
  const t = useTranslations('noWallet');
  const url = window.location.href;
  const kind = browserKind(navigator.userAgent);
  if (kind === 'in-app') return <InAppOverlay url={url} onClose={onClose} />;
  return (
    <BottomSheet onClose={onClose} title={kind === 'phone' ? t('title') : t('desktopTitle')} testId="no-wallet" layer="z-[70]">
      {kind === 'phone' ? <WalletLinks url={url} /> : <PageQr url={url} />}
    </BottomSheet>
  );
}
