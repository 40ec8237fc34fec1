'use client';
import { useTranslations } from 'next-intl';
import type { Connector } from 'wagmi';
import { injectedWalletName, readInjected } from '@/lib/wallet/injected';
import { BottomSheet } from '../BottomSheet';

/** Lists the wallets found (EIP-6963 announcements, the injected fallback, and the local burner). */
export function ConnectDialog({
  open,
  connectors,
  onPick,
  onClose,
}: {
  open: boolean;
  connectors: readonly Connector[];
  onPick: (c: Connector) => void;
  onClose: () => void;
}) {
  const t = useTranslations('wallet');
  const injected = readInjected();
  // The plain injected wallet (no EIP-6963 announcement, e.g. TokenPocket) is named by its own flags.
  const injectedName = injectedWalletName(injected) ?? t('browserWallet');
  const shown = connectors.filter((c) => c.id !== 'injected' || injected);
  return (
    <BottomSheet open={open} onClose={onClose} title={t('chooseTitle')} testId="connect-dialog" layer="z-[70]">
      <ul className="space-y-2">
        {shown.map((c) => (
          <li key={c.uid}>
            <button
              data-testid={`connector-${c.id}`}
              onClick={() => onPick(c)}
              className="flex w-full items-center gap-3 rounded-xl bg-ink-soft px-4 py-3 text-left text-sm text-fg ring-1 ring-ink-line"
            >
              {c.icon ? (
                <img src={c.icon} alt="" className="h-7 w-7 rounded-lg" />
              ) : (
                <span className="grid h-7 w-7 place-items-center rounded-lg bg-gold/20 text-gold">◆</span>
              )}
              <span className="flex-1">{c.id === 'burner' ? t('burner') : c.id === 'injected' ? injectedName : c.name}</span>
              <span className="text-haze">›</span>
            </button>
          </li>
        ))}
      </ul>
      {shown.some((c) => c.id === 'burner') && <p className="mt-4 text-xs leading-5 text-haze">{t('burnerHint')}</p>}
    </BottomSheet>
  );
}
