'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readContract } from 'wagmi/actions';
import { vaultAbi } from '@/abi';
import { env } from '@/lib/env';
import { useWallet } from '../wallet/WalletContext';

export type VaultAdminState = { owner: `0x${string}`; pendingOwner: `0x${string}`; fee: bigint; receivers: readonly `0x${string}`[]; count: bigint };

export const VAULT_ADMIN_KEY = ['chain', 'vaultAdmin'] as const;

/** The Vault's owner, pending owner, ETH fee and receiving addresses (with their count), read from the chain. */
export function useVaultAdmin() {
  const { config, loadStack } = useWallet();
  useEffect(() => loadStack(), [loadStack]);
  return useQuery({
    queryKey: VAULT_ADMIN_KEY,
    enabled: Boolean(config),
    queryFn: async (): Promise<VaultAdminState> => {
      const read = <const F extends 'owner' | 'pendingOwner' | 'fee' | 'allReceivers' | 'receiverCount'>(functionName: F) =>
        readContract(config!, { address: env.vaultAddress, abi: vaultAbi, functionName });
      const [owner, pendingOwner, fee, receivers, count] = await Promise.all([
        read('owner'), read('pendingOwner'), read('fee'), read('allReceivers'), read('receiverCount'),
      ]);
      return { owner, pendingOwner, fee, receivers, count };
    },
  });
}
