'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useApiMutation } from '@/components/api/useApiMutation';
import { useApiPages, useApiQuery } from '@/components/api/useApiQuery';
import { useConfirm } from '@/components/ConfirmDialog';
import { ListFooter } from '@/components/ListFooter';
import { type RecordAction, RecordCard } from '@/components/stake/RecordCard';
import { UpgradeDialog } from '@/components/stake/UpgradeDialog';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { StakeRecord } from '@/lib/api/replies';
import type { ScreenProps } from '@/lib/routes';

const PAGE_SIZE = 10;
// What a stake action changes: the records, the balance, the expiry notice and the membership.
const invalidates = [endpoints.getInvestList, endpoints.getBalance, endpoints.getInvestExpire, endpoints.getUserInfo];

export default function PledgeRecord({ route }: ScreenProps) {
  const t = useTranslations();
  const levels = useApiQuery(endpoints.invest, {});
  const records = useApiPages(endpoints.getInvestList, {}, PAGE_SIZE);
  const upgrade = useApiMutation(endpoints.investUpgrade, { invalidates, success: 'success.upgrade' });
  const applyRedeem = useApiMutation(endpoints.applyRedeem, { invalidates, success: 'pledge.applied' });
  const confirmRedeem = useApiMutation(endpoints.confirmRedeem, { invalidates, success: 'success.redemption' });
  const busy = upgrade.busy || applyRedeem.busy || confirmRedeem.busy;
  const [upgrading, setUpgrading] = useState<StakeRecord | null>(null);
  const balance = useApiQuery(endpoints.getBalance, {});
  const confirm = useConfirm();
  const [, navigate] = useLocation();

  /**
   * The balance must cover the difference before the wallet is asked to sign: short of it, offer the wallet
   * (where the member deposits) instead of a signature the server would refuse with 'insufficient balance'.
   */
  const upgradeTo = async (record: StakeRecord, levelId: string) => {
    const level = levels.data?.list.find((l) => l.id === levelId);
    const held = (await balance.refetch()).data?.balance;
    if (level && held !== undefined && BigInt(held) < BigInt(level.num) - BigInt(record.amount)) {
      if (await confirm({ message: t('home.insufficient'), confirmText: t('home.goWallet') })) navigate('/wallet');
      return;
    }
    await upgrade.run({ pledge_id: record.pledge_id, order_id: levelId });
  };

  const onAction = (action: RecordAction, record: StakeRecord) => {
    if (action === 'upgrade') return setUpgrading(record);
    const run = action === 'applyRedeem' ? applyRedeem.run : confirmRedeem.run;
    void run({ pledge_id: record.pledge_id });
  };

  const list = records.list;
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="PledgeRecord" className="space-y-3">
        {list.length === 0 && !records.isLoading ? (
          <EmptyState title={t('pledge.none')} body={t('pledge.noneHint')} />
        ) : (
          list.map((r) => <RecordCard key={r.pledge_id} record={r} busy={busy} onAction={onAction} />)
        )}
        <ListFooter pages={records} />
      </div>
      {upgrading && (
        <UpgradeDialog
          record={upgrading}
          levels={levels.data?.list ?? []}
          onClose={() => setUpgrading(null)}
          onConfirm={(levelId) => {
            setUpgrading(null);
            void upgradeTo(upgrading, levelId);
          }}
        />
      )}
    </ScreenFrame>
  );
}
