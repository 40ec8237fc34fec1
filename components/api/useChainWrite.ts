'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Abi, ContractFunctionArgs, ContractFunctionName, Hash } from 'viem';
import { type SimulateContractParameters, simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { revertErrorName } from '@/lib/errors/catalogue';
import { TIMING } from '@/lib/timing';
import { useWallet } from '../wallet/WalletContext';
import { contractReadKey } from './useContractRead';
import { useReportError } from './useReportError';

/** Where a transaction is: awaiting the wallet → pending with its hash → confirmed, or failed (already reported). */
export type WriteStage =
  | { step: 'idle' }
  | { step: 'wallet' }
  | { step: 'pending'; hash: Hash; slow?: boolean }
  | { step: 'confirmed'; hash: Hash }
  | { step: 'failed'; error: unknown };

type WriteRequest<abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>> = {
  address: `0x${string}`;
  abi: abi;
  functionName: name;
  args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>;
  value?: bigint;
};

/**
 * The one path for contract writes: guard (a connected wallet on the right chain) → simulate (so reverts
 * are caught before the wallet opens) → send → wait for the receipt (viem keeps polling however long it
 * stays pending; after TIMING.receiptPatience the stage says so) → notify: a failure goes through the error
 * catalogue. `write` resolves to the hash, or undefined when nothing was sent or it failed.
 */
export function useChainWrite() {
  const { config, address, status, connect } = useWallet();
  const report = useReportError();
  const queries = useQueryClient();
  const [stage, setStage] = useState<WriteStage>({ step: 'idle' });
  const write = useCallback(
    async <const abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(request: WriteRequest<abi, name>) => {
      if (!config || !address || status !== 'connected') {
        if (status === 'disconnected') connect();
        return undefined;
      }
      setStage({ step: 'wallet' });
      try {
        // The request was checked against its own ABI at the call site (WriteRequest); wagmi cannot relate a generic
        // ABI to its simulated request, so here it goes as a request of any ABI.
        const { request: prepared } = await simulateContract(config, { ...request, account: address } as SimulateContractParameters);
        const hash = await writeContract(config, prepared);
        setStage({ step: 'pending', hash });
        // A dropped or stuck transaction may never get a receipt: after a while say so, and keep waiting.
        const patience = setTimeout(() => setStage((s) => (s.step === 'pending' && s.hash === hash ? { ...s, slow: true } : s)), TIMING.receiptPatience);
        const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 1000, timeout: 0 }).finally(() => clearTimeout(patience));
        if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
        setStage({ step: 'confirmed', hash });
        return hash;
      } catch (error) {
        setStage({ step: 'failed', error });
        report(error);
        // The owner raised the fee since the app read it: show the new one (the message says so).
        if (revertErrorName(error) === 'WrongFee') void queries.invalidateQueries({ queryKey: contractReadKey('Vault', 'fee') });
        return undefined;
      }
    },
    [address, config, connect, queries, report, status],
  );
  const reset = useCallback(() => setStage({ step: 'idle' }), []);
  return { stage, write, reset };
}
