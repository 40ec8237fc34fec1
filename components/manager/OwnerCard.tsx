'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { zeroAddress } from 'viem';
import { checkNewOwner, isOwner } from '@/lib/manager';
import { TransactionProgress } from '../TransactionProgress';
import { FullAddress } from '../FullAddress';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import { Card, Field, OwnerOnly, primaryButton } from './Field';
import { TransferOwnerSheet } from './TransferOwnerSheet';
import { useOwnerWrite } from './useOwnerWrite';
import type { VaultAdminState } from './useVaultAdmin';

/**
 * Owner permission: the owner, a pending owner (two-step transfer) with its accept action, and the transfer form,
 * which refuses the zero address and the current owner and opens a confirm sheet before the wallet.
 */
export function OwnerCard({ state }: { state?: VaultAdminState }) {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const owner = useOwnerWrite();
  const [to, setTo] = useState('');
  const [draft, setDraft] = useState<`0x${string}`>();
  const pending = state && state.pendingOwner !== zeroAddress ? state.pendingOwner : undefined;

  const review = () => {
    const checked = checkNewOwner(to, state?.owner);
    if (!checked.ok) return toast.show(t(checked.message));
    if (owner.allowed('transferOwnership')) setDraft(checked.value);
  };
  const transfer = async (next: `0x${string}`) => {
    setDraft(undefined);
    if (await owner.run({ functionName: 'transferOwnership', args: [next] }, 'success.setting')) setTo('');
  };

  return (
    <Card title={t('manager.ownerTitle')} testId="manager-owner">
      <p className="mt-2 text-xs text-haze">{t('manager.owner')}</p>
      <p className="text-xs text-fg">
        <FullAddress testId="vault-owner" address={state?.owner ?? '—'} />
      </p>
      {pending && (
        <div className="mt-3 rounded-xl bg-gold/10 p-3 ring-1 ring-gold/30">
          <p className="text-xs text-gold">{t('manager.pendingOwner')}</p>
          <p className="text-xs text-fg">
            <FullAddress testId="vault-pending-owner" address={pending} />
          </p>
          <p className="mt-1 text-[11px] text-haze">{t('manager.pendingHint')}</p>
          {isOwner(wallet.address, pending) && (
            <button
              data-testid="accept-ownership"
              disabled={owner.busy}
              onClick={() => void owner.run({ functionName: 'acceptOwnership', args: [] }, 'success.setting')}
              className={primaryButton}
            >
              {t('manager.accept')}
            </button>
          )}
        </div>
      )}
      <Field testId="new-owner" value={to} onChange={setTo} placeholder={t('validation.newPermissionAddress')} />
      <button data-testid="transfer-ownership" disabled={owner.busy || owner.locked} onClick={review} className={primaryButton}>
        {t('manager.transfer')}
      </button>
      <OwnerOnly locked={owner.locked} testId="owner-owner-only" />
      <TransactionProgress stage={owner.stage} testId="owner-stages" />
      {draft && <TransferOwnerSheet to={draft} onConfirm={() => void transfer(draft)} onClose={() => setDraft(undefined)} />}
    </Card>
  );
}
