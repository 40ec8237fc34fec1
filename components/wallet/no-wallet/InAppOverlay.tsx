'use client';
import { useTranslations } from 'next-intl';
import { Dialog } from '../../Dialog';
import { CopyLink } from './CopyLink';

/**
 * In WeChat or QQ, which block links to other apps: the way out is their own menu (top right), so an arrow
 * points there and the steps say what to choose. A tap outside the card closes it.
 */
export function InAppOverlay({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useTranslations();
  return (
    <Dialog open onClose={onClose} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/80" aria-hidden="true" onClick={onClose} />
      <div data-testid="in-app-overlay" className="fixed inset-x-0 top-0 mx-auto max-w-app px-5 pt-3">
        <svg data-testid="in-app-arrow" viewBox="0 0 80 80" className="ml-auto mr-1 h-20 w-20 text-gold" aria-hidden="true">
          <path d="M10 74 C 30 60, 50 40, 62 12" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          <path d="M48 16 L 64 8 L 70 26" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div className="rounded-2xl bg-ink-card p-5 ring-1 ring-ink-line">
          <h2 className="text-base font-semibold text-fg">{t('noWallet.inAppTitle')}</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-6 text-fg">
            <li>{t('noWallet.inAppStep1')}</li>
            <li>{t('noWallet.inAppStep2')}</li>
          </ol>
          <CopyLink url={url} hint={t('noWallet.inAppStep3')} />
          <button data-testid="in-app-close" onClick={onClose} className="mt-3 w-full py-2 text-sm text-haze">
            {t('common.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
