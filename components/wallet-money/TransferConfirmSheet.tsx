'use client';
import { useTranslations } from 'next-intl';
import { env } from '@/lib/env';
import { formatAmount, formatFee } from '@/lib/money';
import { BottomSheet } from '../BottomSheet';

export type TransferDraft = { to: `0x${string}`; amount: bigint };

/** The last look before the wallet opens: receiver, amount and the ETH handling fee. */
export function TransferConfirmSheet({
  draft,
  fee,
  busy,
  onConfirm,
  onClose,
}: {
  draft: TransferDraft;
  fee: bigint | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations();
  const rows = [
    [t('transfer.receiver'), draft.to],
    [t('transfer.amount'), `${formatAmount(draft.amount)} WLD`],
    [t('records.fee'), fee === undefined ? '—' : `${formatFee(fee)} ${env.symbol}`],
  ] as const;
  return (
    <BottomSheet onClose={onClose} title={t('transfer.confirmTitle')} testId="transfer-confirm">
      <dl className="space-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-haze">{label}</dt>
            <dd className="break-all font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex gap-3">
        <button onClick={onClose} className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze">
          {t('common.cancel')}
        </button>
        <button
          data-testid="transfer-confirm-submit"
          disabled={busy}
          onClick={onConfirm}
          className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold disabled:opacity-50"
        >
          {t('common.confirm')}
        </button>
      </div>
    </BottomSheet>
  );
}
