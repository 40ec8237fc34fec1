'use client';
import { useTranslations } from 'next-intl';
import { walletDeepLinks } from '@/lib/wallet/deep-links';
import { CopyLink } from './CopyLink';

/** On a phone: one button per wallet, each opening this page in that wallet's dapp browser, and the link to copy. */
export function WalletLinks({ url }: { url: string }) {
  const t = useTranslations('noWallet');
  return (
    <div data-testid="no-wallet-phone">
      <p className="text-sm leading-6 text-haze">{t('phoneHint')}</p>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {walletDeepLinks(url).map((link) => (
          <li key={link.id}>
            <a
              data-testid={`open-in-${link.id}`}
              href={link.href}
              rel="noopener"
              className="flex h-full items-center justify-center rounded-xl bg-ink-soft px-3 py-3 text-center text-sm text-fg ring-1 ring-ink-line"
            >
              {t('openIn', { wallet: link.name })}
            </a>
          </li>
        ))}
      </ul>
      <CopyLink url={url} hint={t('copyHint')} />
    </div>
  );
}
