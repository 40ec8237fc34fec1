'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { endpoints } from '@/lib/api/contract';
import { AMOUNT_BOUNDS, parseAmount } from '@/lib/money';
import { checkReceiver } from '@/lib/transfer';
import { useApiRequest } from '../api/useApiRequest';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import { FeeLine } from './FeeLine';
import { TransactionProgress } from '../TransactionProgress';
import { TransferConfirmSheet, type TransferDraft } from './TransferConfirmSheet';
import { MONEY_OUT_STEPS, useMoneyOut } from './useMoneyOut';
import { AmountInput } from '../AmountInput';

type ToError = 'required' | 'invalid' | 'self' | 'notMember';
const TO_ERROR: Record<ToError, string> = {
  required: 'validation.transferAddress',
  invalid: 'errors.invalidAddress',
  self: 'transfer.self',
  notMember: 'transfer.notMember',
};
const field = 'w-full rounded-xl bg-ink px-3 py-3 text-sm text-fg outline-none ring-1 ring-ink-line placeholder:text-haze focus:ring-gold';

/** Transfer: receiver and amount → checks (address, membership, balance, minimum, ETH) → confirm → requestTransfer. */
export function TransferForm() {
  const t = useTranslations();
  const toast = useToast();
  const [, navigate] = useLocation();
  const wallet = useWallet();
  const request = useApiRequest();
  const out = useMoneyOut('transfer');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [toError, setToError] = useState<ToError | null>(null);
  const [draft, setDraft] = useState<TransferDraft | null>(null);

  const review = async () => {
    const receiver = checkReceiver(to, wallet.address);
    setToError(receiver.ok ? null : receiver.reason);
    if (!receiver.ok) return;
    const parsed = parseAmount(amount, AMOUNT_BOUNDS.member);
    if (!parsed.ok) return toast.show(t(parsed.reason === 'required' ? 'validation.transferAmount' : 'validation.transferAmountCorrect'));
    const isMember = async () => {
      const { member } = await request(endpoints.checkMember, { to_address: receiver.address });
      if (!member) setToError('notMember');
      return member;
    };
    if (await out.check(parsed.value, isMember)) setDraft({ to: receiver.address, amount: parsed.value });
  };

  const confirm = async () => {
    if (!draft) return;
    setDraft(null);
    const outcome = await out.send(draft.amount, draft.to);
    // Back on the wallet, the transfers tab shows the transfer just made (its list was refreshed once recorded);
    // still unconfirmed, the form says so with that tab's link, and the sent amount is cleared.
    if (outcome === 'settled') navigate('/wallet?records=transfer', { replace: true });
    else if (outcome) setAmount('');
  };

  return (
    <section className="space-y-3 rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <p className="text-xs text-haze">{t('transfer.hint')}</p>
      <label className="block space-y-1 text-xs text-haze">
        <span>{t('transfer.to')}</span>
        <input
          data-testid="transfer-to"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            setToError(null);
          }}
          placeholder={t('validation.transferAddress')}
          autoComplete="off"
          spellCheck={false}
          className={`${field} font-mono`}
        />
      </label>
      {toError && (
        <p data-testid="transfer-to-error" className="text-xs text-red-400">
          {t(TO_ERROR[toError])}
        </p>
      )}
      <label className="block space-y-1 text-xs text-haze">
        <span>{t('transfer.amount')}</span>
        <AmountInput testId="transfer-amount" value={amount} onChange={setAmount} placeholder={t('validation.transferAmount')} className="" />
      </label>
      <FeeLine fee={out.fee} minimum={out.minimum} testId="transfer-fee" />
      <TransactionProgress testId="transfer-progress" stage={out.stage} steps={MONEY_OUT_STEPS} current={out.step} unconfirmed={out.unconfirmed} />
      <button
        data-testid="transfer-submit"
        disabled={out.busy || draft !== null}
        onClick={() => void review()}
        className="w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50"
      >
        {out.busy ? t('common.loading') : t('transfer.submit')}
      </button>
      {draft && <TransferConfirmSheet draft={draft} fee={out.fee} busy={out.busy} onConfirm={() => void confirm()} onClose={() => setDraft(null)} />}
    </section>
  );
}
