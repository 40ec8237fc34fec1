'use client';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { loadDivisions, readsLatin } from '@/lib/divisions-load';
import { useContractRead } from '../api/useContractRead';

/**
 * China's provinces and cities (lib/divisions-load.ts, about 20 KB), loaded on this screen only, named in the
 * member's language: in Chinese for zh-CN and zh-TW, in pinyin for the others (lib/divisions-latin.json).
 */
export function useDivisions() {
  const latin = readsLatin(useLocale());
  return useQuery({
    queryKey: ['static', 'divisions', latin ? 'latin' : 'han'],
    staleTime: Infinity,
    queryFn: () => loadDivisions(latin),
  });
}

/** The Vault's receiving addresses, read from the chain: the application addresses to choose from. */
export function useReceivers() {
  return useContractRead({ contract: 'Vault', functionName: 'allReceivers' });
}
