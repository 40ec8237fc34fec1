'use client';
import { useTranslations } from 'next-intl';

/** A ledger entry's type in the operator's language; a type this console does not know yet shows as the server names it. */
export function EntryType({ type }: { type: string }) {
  const t = useTranslations('entryTypes');
  return <>{t.has(type) ? t(type) : type}</>;
}
