'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readContract } from 'wagmi/actions';
import { vaultAbi } from '@/abi';
import { env } from '@/lib/env';
import { useWallet } from '../wallet/WalletContext';

/** The Vault's ETH handling fee in wei. It is read even before a wallet connects, so this loads the wallet stack. */
export function useVaultFee() {
  const { config, loadStack } = useWallet();
  useEffect(() => loadStack(), [loadStack]);
  return useQuery({
    queryKey: ['chain', 'vaultFee'],
    queryFn: () => readContract(config!, { address: env.vaultAddress, abi: vaultAbi, functionName: 'fee' }),
    enabled: Boolean(config),
  });
}
