'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { Address } from 'viem';
import { vaultAbi } from '@/abi';
import { endpoints } from '@/lib/api/contract';
import { env } from '@/lib/env';
import { formatAmount } from '@/lib/money';
import { invalidateEndpoints } from '../api/keys';
import { useApiQuery } from '../api/useApiQuery';
import { useApiRequest } from '../api/useApiRequest';
import { type WriteStage, useChainWrite } from '../api/useChainWrite';
import { useReportError } from '../api/useReportError';
import { useToast } from '../Toast';
import { WRITE_STEPS, writeStep } from '../TransactionProgress';
import { useWallet } from '../wallet/WalletContext';
import { RECORD_LISTS, moneyOutPreflight, waitForRecord } from './preflight';
import { useVaultFee } from './useVaultFee';

export type MoneyOutKind = keyof typeof RECORD_LISTS;
export type MoneyOutPhase = 'idle' | 'checking' | 'sending' | 'recording';

/** A request's progress: the Vault write's own stages, then the ledger recording it. */
export const MONEY_OUT_STEPS = [...WRITE_STEPS, 'recording'] as const;

function progressStep(phase: MoneyOutPhase, stage: WriteStage): (typeof MONEY_OUT_STEPS)[number] | undefined {
  if (phase === 'recording') return 'recording';
  return phase === 'sending' ? (writeStep(stage) ?? 'wallet') : undefined;
}

/**
 * Withdraw or transfer: `check` (signed in, the in-app balance, the minimum, ETH for fee and gas), then
 * `send` the request to the Vault with its ETH fee, say so once mined, and wait for the ledger's record.
 * One at a time: a tap while busy does nothing.
 */
export function useMoneyOut(kind: MoneyOutKind) {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const request = useApiRequest();
  const report = useReportError();
  const queries = useQueryClient();
  const chain = useChainWrite();
  const fee = useVaultFee();
  const config = useApiQuery(endpoints.getWalletConfig, {});
  const [phase, setPhase] = useState<MoneyOutPhase>('idle');
  const running = useRef(false);
  const minimum = BigInt(config.data?.[kind === 'withdraw' ? 'min_withdraw' : 'min_transfer'] ?? '0');

  /** Runs one step with the busy flag held; a failed chain read goes through the catalogue (API answers were shown). */
  const exclusive = async <T>(first: MoneyOutPhase, step: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setPhase(first);
    try {
      return await step();
    } catch (error) {
      report(error);
      return undefined;
    } finally {
      running.current = false;
      setPhase('idle');
    }
  };

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

  const sendNow = async (amount: bigint, to?: Address) => {
    setPhase('sending');
    const vault = { address: env.vaultAddress, abi: vaultAbi, value: fee.data } as const;
    const hash = to
      ? await chain.write({ ...vault, functionName: 'requestTransfer', args: [to, amount] })
      : await chain.write({ ...vault, functionName: 'requestWithdraw', args: [amount] });
    if (!hash) return false;
    toast.success(t(kind === 'withdraw' ? 'success.withdrawal' : 'success.transfer'));
    setPhase('recording');
    await waitForRecord(request, kind, hash);
    await invalidateEndpoints(queries, [endpoints.getBalance, RECORD_LISTS[kind]]);
    chain.reset();
    return true;
  };

  return {
    fee: fee.data, minimum, phase, stage: chain.stage, step: progressStep(phase, chain.stage), busy: phase !== 'idle',
    /** The checks alone (a transfer confirms in a sheet between check and send); `extra` runs first. */
    check: (amount: bigint, extra?: () => Promise<boolean>) => exclusive('checking', () => checkNow(amount, extra)),
    send: (amount: bigint, to?: Address) => exclusive('sending', () => sendNow(amount, to)),
    /** Check, then send at once (a withdrawal). */
    run: (amount: bigint) => exclusive('checking', async () => (await checkNow(amount)) && sendNow(amount)),
  };
}
