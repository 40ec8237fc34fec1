'use client';
import { Dialog, DialogPanel } from '../Dialog';
import { useTranslations } from 'next-intl';
import { env } from '@/lib/env';

/** Shown while the wallet is on another chain; the app does nothing else until it is switched. */
export function SwitchChainDialog({ open, onSwitch }: { open: boolean; onSwitch: () => void }) {
  const t = useTranslations();
  const name = env.chainId === 1 ? t('wallet.mainnet') : env.chainName;
  return (
    <Dialog open={open} onClose={() => undefined} className="relative z-[75]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel data-testid="switch-chain" className="w-full max-w-sm rounded-2xl bg-ink-card p-6 text-center ring-1 ring-ink-line">
          <p className="text-sm leading-6 text-fg">{t('errors.switchChain', { msg: name })}</p>
          <button data-testid="switch-chain-button" onClick={onSwitch} className="mt-5 w-full rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold">
            {t('wallet.switchButton')}
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
