'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readChain } from '../api/useContractRead';
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
      if (!config) throw new Error('the wallet stack has not loaded');
      const [owner, pendingOwner, fee, receivers, count] = await Promise.all([
        readChain(config, 'Vault', 'owner'),
        readChain(config, 'Vault', 'pendingOwner'),
        readChain(config, 'Vault', 'fee'),
        readChain(config, 'Vault', 'allReceivers'),
        readChain(config, 'Vault', 'receiverCount'),
      ]);
      return { owner, pendingOwner, fee, receivers, count };
    },
  });
}
