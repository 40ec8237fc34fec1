'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RechargeRecords, TransferRecords, WithdrawRecords } from './RecordLists';
import { Tabs } from '../Tabs';

type Kind = 'recharge' | 'withdraw' | 'transfer';
const LISTS = { recharge: RechargeRecords, withdraw: WithdrawRecords, transfer: TransferRecords } as const;

/** The member's recharges, withdrawals and transfers: one paginated list at a time. */
export function WalletRecords() {
  const t = useTranslations();
  const [kind, setKind] = useState<Kind>('recharge');
  const tabs = (['recharge', 'withdraw', 'transfer'] as const).map((key) => ({ key, label: t(`moneyOut.kind.${key}`), testId: `records-tab-${key}` }));
  const List = LISTS[kind];
  return (
    <section className="space-y-3">
      <h2 className="text-base font-semibold text-fg">{t('records.title')}</h2>
      <Tabs tabs={tabs} value={kind} onChange={setKind} />
      <List />
    </section>
  );
}
