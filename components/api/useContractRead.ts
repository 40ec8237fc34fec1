'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ContractFunctionArgs, ContractFunctionName, ContractFunctionReturnType } from 'viem';
import type { Config } from 'wagmi';
import { readContract } from 'wagmi/actions';
import { vaultAbi, wldTokenAbi } from '@/abi';
import { env } from '@/lib/env';
import { useWallet } from '../wallet/WalletContext';

/** The app's contracts by name, as Scaffold-ETH 2 names its deployed ones: each read is typed from its ABI. */
export const CONTRACTS = {
  Vault: { address: env.vaultAddress, abi: vaultAbi },
  WLD: { address: env.tokenAddress, abi: wldTokenAbi },
} as const;
type Contracts = typeof CONTRACTS;
export type ContractName = keyof Contracts;
type Abi<C extends ContractName> = Contracts[C]['abi'];
export type ReadName<C extends ContractName> = ContractFunctionName<Abi<C>, 'pure' | 'view'>;
export type ReadArgs<C extends ContractName, F extends ReadName<C>> = ContractFunctionArgs<Abi<C>, 'pure' | 'view', F>;
export type ReadResult<C extends ContractName, F extends ReadName<C>> = ContractFunctionReturnType<Abi<C>, 'pure' | 'view', F>;

/** A read's query key; `['chain', contract]` covers every read of that contract. Bigints as strings (keys are hashed as JSON). */
export const contractReadKey = (contract: ContractName, functionName?: string, args: readonly unknown[] = []) =>
  ['chain', contract, ...(functionName ? [functionName, ...args.map((a) => (typeof a === 'bigint' ? a.toString() : a))] : [])] as const;

/** One read of a named contract through wagmi's config (a screen's query function, or a check before a write). */
export function readChain<C extends ContractName, F extends ReadName<C>>(
  config: Config,
  contract: C,
  functionName: F,
  ...args: ReadArgs<C, F> extends readonly [] ? [] : [ReadArgs<C, F>]
) {
  const { address, abi } = CONTRACTS[contract];
  // viem cannot narrow a generic contract's ABI to one function's parameters; the signature above carries the types.
  return readContract(config, { address, abi: abi as readonly unknown[], functionName, args: args[0] as readonly unknown[] | undefined }) as Promise<
    ReadResult<C, F>
  >;
}

type MaybeArgs<A> = { readonly [K in keyof A]: A[K] | undefined };

/**
 * The one chain-read hook, like Scaffold-ETH 2's useScaffoldReadContract: a named contract, a view function and
 * its arguments, typed from abi/; disabled while the wallet stack is loading (this loads it) or an argument is
 * still undefined (an account not connected yet). A react-query query, keyed by contractReadKey.
 */
export function useContractRead<C extends ContractName, F extends ReadName<C>>({
  contract,
  functionName,
  args,
}: { contract: C; functionName: F } & (ReadArgs<C, F> extends readonly [] ? { args?: never } : { args: MaybeArgs<ReadArgs<C, F>> })) {
  const { config, loadStack } = useWallet();
  useEffect(() => loadStack(), [loadStack]);
  const list = (args ?? []) as readonly unknown[];
  return useQuery({
    queryKey: contractReadKey(contract, functionName, list),
    enabled: Boolean(config) && list.every((a) => a !== undefined),
    queryFn: () => {
      if (!config) throw new Error('the wallet stack has not loaded');
      return readChain(config, contract, functionName, ...((args ? [args] : []) as ReadArgs<C, F> extends readonly [] ? [] : [ReadArgs<C, F>]));
    },
  });
}
