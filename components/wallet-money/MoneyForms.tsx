'use client';
import { useTranslations } from 'next-intl';
import { RechargeForm } from '../recharge/RechargeForm';
import { Tabs } from '../Tabs';
import { WithdrawForm } from './WithdrawForm';

export type MoneyForm = 'recharge' | 'withdraw';

/** Recharge and withdraw side by side: one switch above one form area. Both stay mounted so a request in flight keeps its progress. */
export function MoneyForms({ form, onChange }: { form: MoneyForm; onChange: (form: MoneyForm) => void }) {
  const t = useTranslations('moneyOut.kind');
  const tabs = [
    { key: 'recharge', label: t('recharge'), testId: 'money-tab-recharge' },
    { key: 'withdraw', label: t('withdraw'), testId: 'money-tab-withdraw' },
  ] as const;
  return (
    <div className="space-y-3">
      <Tabs tabs={tabs} value={form} onChange={onChange} />
      <div hidden={form !== 'recharge'}>
        <RechargeForm />
      </div>
      <div hidden={form !== 'withdraw'}>
        <WithdrawForm />
      </div>
    </div>
  );
}
