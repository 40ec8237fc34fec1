'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { checkReceiver, receiverRemovalMessage } from '@/lib/manager';
import { TransactionProgress } from '../TransactionProgress';
import { useConfirm } from '../ConfirmDialog';
import { FullAddress } from '../FullAddress';
import { useToast } from '../Toast';
import { Card, Field, OwnerOnly, primaryButton, secondaryButton } from './Field';
import { useOwnerWrite } from './useOwnerWrite';
import type { useVaultAdmin } from './useVaultAdmin';

/**
 * Receiving addresses, listed by index from 0 with their count: add one (an address already listed is refused
 * before the wallet opens), delete one once confirmed (the last one with a warning: without a receiving address no
 * community application can be paid; the Vault removes it by address, so a list that changed meanwhile cannot make
 * the click delete another).
 */
export function ReceiversCard({ vault }: { vault: ReturnType<typeof useVaultAdmin> }) {
  const t = useTranslations();
  const toast = useToast();
  const owner = useOwnerWrite();
  const confirm = useConfirm();
  const [receiver, setReceiver] = useState('');
  const receivers = vault.data?.receivers ?? [];

  const add = async () => {
    const checked = checkReceiver(receiver, receivers);
    if (!checked.ok) return toast.show(t(checked.message));
    if (await owner.run({ functionName: 'addReceiver', args: [checked.value] }, 'success.setting')) setReceiver('');
  };
  const remove = async (address: `0x${string}`) => {
    if (!owner.allowed('removeReceiver')) return;
    const message = t(receiverRemovalMessage(receivers, address), { address });
    if (!(await confirm({ title: t('manager.deleteReceiverTitle'), message, confirmText: t('manager.deleteReceiverConfirm') }))) return;
    await owner.run({ functionName: 'removeReceiver', args: [address] }, 'success.delete');
  };
  const query = async () => {
    const read = await vault.refetch();
    if (read.isSuccess) toast.success(t('success.query'));
  };

  return (
    <Card title={t('manager.receiversTitle')} testId="manager-receivers">
      <div className="mt-2 flex items-center justify-between gap-3">
        <p data-testid="receiver-count" className="text-sm text-fg">
          {t('manager.count', { count: vault.data ? vault.data.count.toString() : '—' })}
        </p>
        <button data-testid="query-receivers" onClick={() => void query()} className={secondaryButton}>
          {t('manager.query')}
        </button>
      </div>
      <ul className="mt-3 space-y-2">
        {receivers.map((address, index) => (
          <li key={address} data-testid={`receiver-${index}`} className="flex items-center gap-2 rounded-xl bg-ink/60 px-3 py-2">
            <span className="w-6 shrink-0 text-xs text-gold">#{index}</span>
            <FullAddress address={address} className="min-w-0 flex-1 text-[11px] text-fg" />
            <button
              data-testid={`delete-receiver-${index}`}
              disabled={owner.busy || owner.locked}
              onClick={() => void remove(address)}
              className="shrink-0 rounded-lg bg-red-500/15 px-2 py-1 text-xs text-red-400 disabled:opacity-50"
            >
              {t('manager.delete')}
            </button>
          </li>
        ))}
        {vault.data && receivers.length === 0 && <li className="text-xs text-haze">{t('manager.noReceivers')}</li>}
      </ul>
      <Field testId="receiver-input" value={receiver} onChange={setReceiver} placeholder={t('validation.receivingAddress')} />
      <button data-testid="add-receiver" disabled={owner.busy || owner.locked} onClick={() => void add()} className={primaryButton}>
        {t('manager.add')}
      </button>
      <OwnerOnly locked={owner.locked} testId="receivers-owner-only" />
      <TransactionProgress stage={owner.stage} testId="receiver-stages" />
    </Card>
  );
}
