'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { vaultAbi, wldTokenAbi } from '@/abi';
import { env } from '@/lib/env';
import { AMOUNT_BOUNDS, formatAmount, formatFee, parseAmount } from '@/lib/money';
import { useChainWrite } from '../api/useChainWrite';
import { useContractRead } from '../api/useContractRead';
import { useReportError } from '../api/useReportError';
import { useSettlement } from '../api/useSettlement';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import { useVaultFee } from '../wallet-money/useVaultFee';
import { rechargePreflight } from './preflight';
import { AmountInput } from '../AmountInput';
import { TransactionProgress } from '../TransactionProgress';

const STEPS = ['approve', 'recharge', 'crediting'] as const;
type Phase = 'idle' | 'checking' | (typeof STEPS)[number];

// The Vault calls the token: with the token's errors in the ABI, a revert such as ERC20InsufficientBalance is
// decoded by name and mapped by the catalogue instead of reaching the user as a raw selector.
const VAULT_WITH_TOKEN_ERRORS = [...vaultAbi, ...wldTokenAbi.filter((item) => item.type === 'error')] as const;

/**
 * Recharge: amount → approve WLD when the allowance is short → recharge with the ETH fee → credited: success only
 * once the ledger shows this recharge credited (useSettlement), else the still-waiting notice. No second recharge
 * while one is under way or waited for.
 */
export function RechargeForm() {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const { config } = wallet;
  const chain = useChainWrite();
  const report = useReportError();
  const settlement = useSettlement();
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const account = wallet.address;
  const fee = useVaultFee();
  const held = useContractRead({ contract: 'WLD', functionName: 'balanceOf', args: [account] });

  const submit = async () => {
    const parsed = parseAmount(amount, AMOUNT_BOUNDS.member);
    if (!parsed.ok) return toast.show(t(parsed.reason === 'required' ? 'validation.rechargeAmount' : 'recharge.invalidAmount'));
    if (!account || !wallet.signedIn) return wallet.connect();
    if (fee.data === undefined || !config) return toast.show(t('errors.nodeNetwork'));
    setPhase('checking');
    settlement.reset();
    try {
      const preflight = await rechargePreflight(config, account, parsed.value, fee.data);
      if (preflight.shortfall) return toast.show(t(`errors.${preflight.shortfall}`));
      if (preflight.needsApproval) {
        setPhase('approve');
        if (!(await chain.write({ address: env.tokenAddress, abi: wldTokenAbi, functionName: 'approve', args: [env.vaultAddress, parsed.value] }))) return;
      }
      setPhase('recharge');
      const hash = await chain.write({
        address: env.vaultAddress,
        abi: VAULT_WITH_TOKEN_ERRORS,
        functionName: 'recharge',
        args: [parsed.value],
        value: fee.data,
      });
      if (!hash) return;
      setPhase('crediting');
      // The WLD left the wallet either way: the field is cleared, so a tap more cannot send the same money again.
      setAmount('');
      void held.refetch();
      await settlement.wait('recharge', hash, 'success.recharge');
    } catch (error) {
      // A failed chain read goes through the catalogue; API answers and write failures were shown already.
      report(error);
    } finally {
      setPhase('idle');
      chain.reset();
    }
  };

  const unconfirmed = settlement.step.step === 'unconfirmed' ? settlement.step.kind : undefined;
  return (
    <section className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-base font-semibold text-fg">{t('recharge.title')}</h2>
      {held.data !== undefined && <p className="mt-1 text-xs text-haze">{t('recharge.walletHolds', { amount: formatAmount(held.data) })}</p>}
      <AmountInput testId="recharge-amount" value={amount} onChange={setAmount} placeholder={t('validation.rechargeAmount')} />
      <p data-testid="recharge-fee" className="mt-2 text-xs text-haze">
        {t('fee.handlingFee', { unit: env.symbol, amount: fee.data === undefined ? '—' : formatFee(fee.data) })}
      </p>
      <TransactionProgress
        testId="recharge-progress"
        stage={chain.stage}
        steps={STEPS}
        current={phase === 'idle' || phase === 'checking' ? (unconfirmed ? 'crediting' : undefined) : phase}
        unconfirmed={unconfirmed}
      />
      <button
        data-testid="recharge-submit"
        disabled={phase !== 'idle'}
        onClick={() => void submit()}
        className="mt-4 w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50"
      >
        {phase === 'idle' ? t('recharge.submit') : t('common.loading')}
      </button>
    </section>
  );
}
