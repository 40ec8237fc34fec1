'use client';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { Address } from 'viem';
import { vaultAbi } from '@/abi';
import { endpoints } from '@/lib/api/contract';
import { env } from '@/lib/env';
import { formatAmount } from '@/lib/money';
import { createOneAtATime } from '@/lib/timing';
import { useApiQuery } from '../api/useApiQuery';
import { useApiRequest } from '../api/useApiRequest';
import { type WriteStage, useChainWrite } from '../api/useChainWrite';
import { useReportError } from '../api/useReportError';
import { type SettlementOutcome, useSettlement } from '../api/useSettlement';
import { useToast } from '../Toast';
import { WRITE_STEPS, writeStep } from '../TransactionProgress';
import { useWallet } from '../wallet/WalletContext';
import { moneyOutPreflight } from './preflight';
import { useVaultFee } from './useVaultFee';

export type MoneyOutKind = 'withdraw' | 'transfer';
export type MoneyOutPhase = 'idle' | 'checking' | 'sending' | 'recording';

/** A request's progress: the Vault write's own stages, then the ledger recording it (still current when unconfirmed). */
export const MONEY_OUT_STEPS = [...WRITE_STEPS, 'recording'] as const;

function progressStep(phase: MoneyOutPhase, stage: WriteStage, unconfirmed: boolean): (typeof MONEY_OUT_STEPS)[number] | undefined {
  if (phase === 'recording' || (phase === 'idle' && unconfirmed)) return 'recording';
  return phase === 'sending' ? (writeStep(stage) ?? 'wallet') : undefined;
}

/**
 * Withdraw or transfer: `check` (signed in, the in-app balance, the minimum, ETH for fee and gas), then
 * `send` the request to the Vault with its ETH fee and wait for the ledger's record of it (useSettlement): success
 * only once it is recorded. One at a time, the wait included: a tap while busy does nothing. `send` and `run`
 * resolve to how the wait ended, undefined when nothing was sent.
 */
export function useMoneyOut(kind: MoneyOutKind) {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const request = useApiRequest();
  const report = useReportError();
  const chain = useChainWrite();
  const settlement = useSettlement();
  const fee = useVaultFee();
  const config = useApiQuery(endpoints.getWalletConfig, {});
  const [phase, setPhase] = useState<MoneyOutPhase>('idle');
  const guard = useMemo(() => createOneAtATime(), []);
  const minimum = BigInt(config.data?.[kind === 'withdraw' ? 'min_withdraw' : 'min_transfer'] ?? '0');

  /** Runs one step with the busy flag held; a failed chain read goes through the catalogue (API answers were shown). */
  const exclusive = <T>(first: MoneyOutPhase, step: () => Promise<T>): Promise<T | undefined> =>
    guard.run(async () => {
      setPhase(first);
      try {
        return await step();
      } catch (error) {
        report(error);
        return undefined;
      } finally {
        setPhase('idle');
      }
    });

  const checkNow = async (amount: bigint, extra?: () => Promise<boolean>) => {
    const account = wallet.address;
    if (!account || !wallet.signedIn) {
      wallet.connect();
      return false;
    }
    // On the wrong chain the switch dialog is already open.
    if (wallet.status === 'wrong-chain') return false;
    if (fee.data === undefined || !wallet.config) {
      toast.show(t('errors.nodeNetwork'));
      return false;
    }
    if (extra && !(await extra())) return false;
    const shortfall = await moneyOutPreflight(wallet.config, request, account, amount, fee.data, minimum);
    if (shortfall) toast.show(shortfall === 'belowMinimum' ? t('moneyOut.belowMinimum', { amount: formatAmount(minimum) }) : t(`errors.${shortfall}`));
    return !shortfall;
  };

  const sendNow = async (amount: bigint, to?: Address): Promise<SettlementOutcome | undefined> => {
    setPhase('sending');
    settlement.reset();
    const vault = { address: env.vaultAddress, abi: vaultAbi, value: fee.data } as const;
    const hash = to
      ? await chain.write({ ...vault, functionName: 'requestTransfer', args: [to, amount] })
      : await chain.write({ ...vault, functionName: 'requestWithdraw', args: [amount] });
    if (!hash) return undefined;
    setPhase('recording');
    const outcome = await settlement.wait(kind, hash, kind === 'withdraw' ? 'success.withdrawal' : 'success.transfer');
    chain.reset();
    return outcome;
  };

  const unconfirmed = settlement.step.step === 'unconfirmed' ? settlement.step.kind : undefined;
  return {
    fee: fee.data,
    minimum,
    phase,
    stage: chain.stage,
    step: progressStep(phase, chain.stage, unconfirmed !== undefined),
    busy: phase !== 'idle',
    unconfirmed,
    /** The checks alone (a transfer confirms in a sheet between check and send); `extra` runs first. */
    check: (amount: bigint, extra?: () => Promise<boolean>) => exclusive('checking', () => checkNow(amount, extra)),
    send: (amount: bigint, to?: Address) => exclusive('sending', () => sendNow(amount, to)),
    /** Check, then send at once (a withdrawal). */
    run: (amount: bigint) => exclusive('checking', async () => ((await checkNow(amount)) ? sendNow(amount) : undefined)),
  };
}
