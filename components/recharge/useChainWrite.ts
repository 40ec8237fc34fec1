'use client';
import { useCallback, useState } from 'react';
import type { Abi, ContractFunctionArgs, ContractFunctionName, Hash } from 'viem';
import type { Config } from 'wagmi';
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';

export type WriteStage = { step: 'idle' } | { step: 'wallet' } | { step: 'pending'; hash: Hash } | { step: 'confirmed'; hash: Hash };

/**
 * The one path for contract writes: simulate (so reverts are caught before the wallet opens), send, then
 * wait for the receipt while showing the hash; viem keeps polling however long it stays pending.
 */
export function useChainWrite(config: Config | undefined) {
  const [stage, setStage] = useState<WriteStage>({ step: 'idle' });
  const write = useCallback(
    async <const abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(request: {
      address: `0x${string}`;
      abi: abi;
      functionName: name;
      args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>;
      value?: bigint;
      account: `0x${string}`;
    }) => {
      if (!config) throw new Error('the wallet is not loaded yet');
      setStage({ step: 'wallet' });
      try {
        const { request: prepared } = await simulateContract(config, request as never);
        const hash = await writeContract(config, prepared as never);
        setStage({ step: 'pending', hash });
        const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 1000, timeout: 0 });
        if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
        setStage({ step: 'confirmed', hash });
        return hash;
      } catch (error) {
        setStage({ step: 'idle' });
        throw error;
      }
    },
    [config],
  );
  return { stage, write, reset: () => setStage({ step: 'idle' }) };
}
