'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { confirmsOwner } from '@/lib/manager';
import { BottomSheet } from '../BottomSheet';
import { FullAddress } from '../FullAddress';
import { Field } from './Field';

/**
 * The last look before ownership moves: the new owner in full, and the same address typed or pasted again.
 * Only a matching entry enables the confirm button, so one wrong character cannot reach the wallet.
 */
export function TransferOwnerSheet({ to, onConfirm, onClose }: { to: `0x${string}`; onConfirm: () => void; onClose: () => void }) {
  const t = useTranslations();
  const [again, setAgain] = useState('');
  const matches = confirmsOwner(again, to);
  return (
    <BottomSheet onClose={onClose} title={t('manager.confirmTransferTitle')} testId="transfer-owner-confirm">
      <p className="text-xs leading-5 text-haze">{t('manager.confirmTransferHint')}</p>
      <p className="mt-4 text-xs text-haze">{t('manager.newOwner')}</p>
      <p className="mt-1 rounded-xl bg-gold/10 px-3 py-2 text-sm font-medium text-fg ring-1 ring-gold/30">
        <FullAddress testId="transfer-owner-address" address={to} />
      </p>
      <Field testId="transfer-owner-again" value={again} onChange={setAgain} placeholder={t('manager.retypeOwner')} />
      {again.trim() !== '' && !matches && (
        <p data-testid="transfer-owner-mismatch" role="alert" className="mt-2 text-xs text-red-400">
          {t('manager.ownerMismatch')}
        </p>
      )}
      <div className="mt-5 flex gap-3">
        <button onClick={onClose} className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze">
          {t('common.cancel')}
        </button>
        <button
          data-testid="transfer-owner-submit"
          disabled={!matches}
          onClick={onConfirm}
          className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold disabled:opacity-40"
        >
          {t('manager.confirmTransfer')}
        </button>
      </div>
    </BottomSheet>
  );
}
