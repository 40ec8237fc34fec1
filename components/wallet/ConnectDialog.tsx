'use client';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import type { Connector } from 'wagmi';

/** Lists the wallets found (EIP-6963 announcements, the injected fallback, and the local burner). */
export function ConnectDialog({ open, connectors, onPick, onClose }: { open: boolean; connectors: readonly Connector[]; onPick: (c: Connector) => void; onClose: () => void }) {
  const t = useTranslations('wallet');
  const hasInjected = typeof window !== 'undefined' && Boolean((window as { ethereum?: unknown }).ethereum);
  const shown = connectors.filter((c) => c.id !== 'injected' || hasInjected);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-x-0 bottom-0 flex justify-center">
        <DialogPanel data-testid="connect-dialog" className="w-full max-w-app rounded-t-3xl bg-ink-card p-5 pb-8 ring-1 ring-ink-line">
          <DialogTitle className="mb-4 text-center text-base font-semibold text-white">{t('chooseTitle')}</DialogTitle>
          <ul className="space-y-2">
            {shown.map((c) => (
              <li key={c.uid}>
                <button data-testid={`connector-${c.id}`} onClick={() => onPick(c)} className="flex w-full items-center gap-3 rounded-xl bg-ink-soft px-4 py-3 text-left text-sm text-white ring-1 ring-ink-line">
                  {c.icon ? <img src={c.icon} alt="" className="h-7 w-7 rounded-lg" /> : <span className="grid h-7 w-7 place-items-center rounded-lg bg-gold/20 text-gold">◆</span>}
                  <span className="flex-1">{c.id === 'burner' ? t('burner') : c.id === 'injected' ? t('browserWallet') : c.name}</span>
                  <span className="text-haze">›</span>
                </button>
              </li>
            ))}
          </ul>
          {shown.some((c) => c.id === 'burner') && <p className="mt-4 text-xs leading-5 text-haze">{t('burnerHint')}</p>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
