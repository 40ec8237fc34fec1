'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { RechargeRecords, TransferRecords, WithdrawRecords } from './RecordLists';
import { Tabs } from '../Tabs';

type Kind = 'recharge' | 'withdraw' | 'transfer';
const LISTS = { recharge: RechargeRecords, withdraw: WithdrawRecords, transfer: TransferRecords } as const;
const isKind = (value: string | null): value is Kind => value !== null && Object.hasOwn(LISTS, value);

/** The member's recharges, withdrawals and transfers: one paginated list at a time; `?records=transfer` opens that tab. */
export function WalletRecords() {
  const t = useTranslations();
  const asked = useSearchParams()[0].get('records');
  const [kind, setKind] = useState<Kind>(isKind(asked) ? asked : 'recharge');
  // The wallet stays mounted (keepAlive) while the transfer page is open: coming back with ?records= picks that tab
  // (state adjusted while rendering, when the query changes).
  const [seen, setSeen] = useState(asked);
  if (asked !== seen) {
    setSeen(asked);
    if (isKind(asked)) setKind(asked);
  }
  // A link to a tab (the still-waiting notice of a form above) brings the records into view.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isKind(asked)) section.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  const tabs = (['recharge', 'withdraw', 'transfer'] as const).map((key) => ({ key, label: t(`moneyOut.kind.${key}`), testId: `records-tab-${key}` }));
  const List = LISTS[kind];
  return (
    <section ref={section} data-testid="wallet-records" className="scroll-mt-16 space-y-3">
      <h2 className="text-base font-semibold text-fg">{t('records.title')}</h2>
      <Tabs tabs={tabs} value={kind} onChange={setKind} />
      <List />
    </section>
  );
}
