'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AMOUNT_BOUNDS, parseAmount } from '@/lib/money';
import { useToast } from '../Toast';
import { FeeLine } from './FeeLine';
import { TransactionProgress } from '../TransactionProgress';
import { MONEY_OUT_STEPS, useMoneyOut } from './useMoneyOut';
import { AmountInput } from '../AmountInput';

/** Withdraw: amount → checks (in-app balance, minimum, ETH for fee and gas) → requestWithdraw with the ETH fee. */
export function WithdrawForm() {
  const t = useTranslations();
  const toast = useToast();
  const out = useMoneyOut('withdraw');
  const [amount, setAmount] = useState('');

  const submit = async () => {
    const parsed = parseAmount(amount, AMOUNT_BOUNDS.member);
    if (!parsed.ok) return toast.show(t(parsed.reason === 'required' ? 'validation.withdrawAmount' : 'recharge.invalidAmount'));
    // Sent: the field is cleared whatever the ledger says yet, so a tap more cannot send the same money again.
    if (await out.run(parsed.value)) setAmount('');
  };

  return (
    <section className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-base font-semibold text-fg">{t('withdraw.title')}</h2>
      <p className="mt-1 text-xs text-haze">{t('withdraw.hint')}</p>
      <AmountInput testId="withdraw-amount" value={amount} onChange={setAmount} placeholder={t('validation.withdrawAmount')} />
      <FeeLine fee={out.fee} minimum={out.minimum} testId="withdraw-fee" />
      <TransactionProgress testId="withdraw-progress" stage={out.stage} steps={MONEY_OUT_STEPS} current={out.step} unconfirmed={out.unconfirmed} />
      <button
        data-testid="withdraw-submit"
        disabled={out.busy}
        onClick={() => void submit()}
        className="mt-4 w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50"
      >
        {out.busy ? t('common.loading') : t('withdraw.submit')}
      </button>
    </section>
  );
}
