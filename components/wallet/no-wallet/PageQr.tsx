'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { qrDataUrl } from '@/lib/qr-code';
import { CopyLink } from './CopyLink';

/** On a desktop: a QR code of this page for the phone's wallet to scan, beside the hint to install a wallet here. */
export function PageQr({ url }: { url: string }) {
  const t = useTranslations();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(url, 400).then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div data-testid="no-wallet-desktop" className="flex flex-col items-center">
      <p className="text-center text-sm leading-6 text-haze">{t('noWallet.desktopHint')}</p>
      <div className="mt-4 flex h-52 w-52 items-center justify-center rounded-2xl bg-white p-2">
        {qr ? (
          <img data-testid="page-qr" src={qr} alt={t('noWallet.qrAlt')} className="h-full w-full" />
        ) : (
          <span className="text-xs text-neutral-500">{t('common.loading')}</span>
        )}
      </div>
      <p data-testid="no-wallet-install" className="mt-4 text-center text-xs leading-5 text-haze">
        {t('errors.walletNotDetected', { msg: 'TokenPocket' })}
      </p>
      <div className="w-full">
        <CopyLink url={url} hint={t('noWallet.copyHint')} />
      </div>
    </div>
  );
}
