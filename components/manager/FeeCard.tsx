'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatUnits } from 'viem';
import { env } from '@/lib/env';
import { FEE_CONFIRM_ABOVE, checkFee, feeNeedsConfirmation } from '@/lib/manager';
import { formatFee } from '@/lib/money';
import { TransactionProgress } from '../TransactionProgress';
import { useConfirm } from '../ConfirmDialog';
import { useToast } from '../Toast';
import { AmountInput } from '../AmountInput';
import { Card, OwnerOnly, primaryButton, secondaryButton } from './Field';
import { useOwnerWrite } from './useOwnerWrite';
import type { useVaultAdmin } from './useVaultAdmin';

/** The ETH handling fee: query it (anyone) and set it (the owner; above FEE_CONFIRM_ABOVE only once confirmed). */
export function FeeCard({ vault }: { vault: ReturnType<typeof useVaultAdmin> }) {
  const t = useTranslations();
  const toast = useToast();
  const owner = useOwnerWrite();
  const confirm = useConfirm();
  const [fee, setFee] = useState('');

  const save = async () => {
    const checked = checkFee(fee);
    if (!checked.ok) return toast.show(t(checked.message));
    if (!owner.allowed('setFee')) return;
    if (feeNeedsConfirmation(checked.value)) {
      const amounts = { fee: formatUnits(checked.value, 18), bound: formatFee(FEE_CONFIRM_ABOVE) };
      const sure = await confirm({
        title: t('manager.feeHighTitle'),
        message: t('manager.feeHigh', amounts),
        confirmText: t('manager.feeHighConfirm', amounts),
      });
      if (!sure) return;
    }
    if (await owner.run({ functionName: 'setFee', args: [checked.value] }, 'success.setting')) setFee('');
  };
  const query = async () => {
    const read = await vault.refetch();
    if (read.isSuccess) toast.success(t('success.query'));
  };

  return (
    <Card title={t('manager.feeTitle')} testId="manager-fee">
      <div className="mt-2 flex items-center justify-between gap-3">
        <p data-testid="vault-fee" className="text-sm text-fg">
          {t('fee.handlingFee', { unit: env.symbol, amount: vault.data ? formatFee(vault.data.fee) : '—' })}
        </p>
        <button data-testid="query-fee" onClick={() => void query()} className={secondaryButton}>
          {t('manager.query')}
        </button>
      </div>
      <AmountInput testId="fee-input" value={fee} onChange={setFee} placeholder={t('validation.feeAmount')} />
      <button data-testid="set-fee" disabled={owner.busy || owner.locked} onClick={() => void save()} className={primaryButton}>
        {t('manager.setFee')}
      </button>
      <OwnerOnly locked={owner.locked} testId="fee-owner-only" />
      <TransactionProgress stage={owner.stage} testId="fee-stages" />
    </Card>
  );
}
