'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readContract } from 'wagmi/actions';
import { vaultAbi } from '@/abi';
import { env } from '@/lib/env';
import { useWallet } from '../wallet/WalletContext';

/** The fee's query; read again when the Vault refused a fee as too low (the owner raised it). */
export const VAULT_FEE_KEY = ['chain', 'vaultFee'] as const;

/** The Vault's ETH handling fee in wei. It is read even before a wallet connects, so this loads the wallet stack. */
export function useVaultFee() {
  const { config, loadStack } = useWallet();
  useEffect(() => loadStack(), [loadStack]);
  return useQuery({
    queryKey: VAULT_FEE_KEY,
    queryFn: () => readContract(config!, { address: env.vaultAddress, abi: vaultAbi, functionName: 'fee' }),
    enabled: Boolean(config),
  });
}
