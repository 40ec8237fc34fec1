'use client';
import { useTranslations } from 'next-intl';
import { shortenAddress } from '@/lib/address';
import { reasonKey } from '@/lib/api/reasons';
import type { RechargeRecord, TransferRecord, WithdrawRecord } from '@/lib/api/replies';
import { env } from '@/lib/env';
import { formatAmount, formatFee } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { RecordFrame, type Tone } from '../RecordFrame';

// The ledger's own refusals in the reader's language; anything else is an operator's reason, shown as written.
const reasonText = (t: ReturnType<typeof useTranslations>, reason: string) => {
  const key = reasonKey(reason);
  return key ? t(key) : reason;
};

const wld = (v: string) => `${formatAmount(BigInt(v))} WLD`;
// The fee of a request is the ETH paid to the Vault, in wei.
const eth = (v: string) => `${formatFee(BigInt(v))} ${env.symbol}`;

export function RechargeCard({ record: r }: { record: RechargeRecord }) {
  const t = useTranslations('records');
  const rows = [
    [t('fee'), eth(r.fee)],
    [t('time'), formatTime(r.create_time)],
  ] as const;
  return (
    <RecordFrame
      testId={`recharge-record-${r.id}`}
      headline={wld(r.amount)}
      status={t(r.credited ? 'credited' : 'pending')}
      tone={r.credited ? 'good' : 'wait'}
      rows={rows}
    />
  );
}

const WITHDRAW_TONE: Record<WithdrawRecord['status'], Tone> = {
  'under-review': 'wait',
  'audit-failed': 'bad',
  'audit-successful': 'good',
  'failed-insufficient': 'bad',
};

export function WithdrawCard({ record: r }: { record: WithdrawRecord }) {
  const t = useTranslations();
  const rows: [string, string][] = [
    [t('records.address'), shortenAddress(r.address)],
    [t('records.fee'), eth(r.fee)],
    [t('records.time'), formatTime(r.create_time)],
  ];
  if (r.status === 'audit-failed' && r.reason) rows.push([t('records.reason'), reasonText(t, r.reason)]);
  const status = r.paid ? t('withdraw.status.paid') : t(`withdraw.status.${r.status}`);
  return (
    <RecordFrame
      testId={`withdraw-record-${r.id}`}
      headline={wld(r.amount)}
      status={status}
      statusTestId="withdraw-status"
      tone={r.paid ? 'good' : WITHDRAW_TONE[r.status]}
      rows={rows}
    />
  );
}

export function TransferCard({ record: r }: { record: TransferRecord }) {
  const t = useTranslations();
  const rows: [string, string][] = [
    [t(`transfer.direction.${r.direction}`), shortenAddress(r.counterparty)],
    [t('records.fee'), eth(r.fee)],
    [t('records.time'), formatTime(r.create_time)],
  ];
  if (r.status === 'failed' && r.reason) rows.push([t('records.reason'), reasonText(t, r.reason)]);
  const headline = `${r.direction === 'out' ? '-' : '+'}${wld(r.amount)}`;
  return (
    <RecordFrame
      testId={`transfer-record-${r.id}`}
      headline={headline}
      status={t(`transfer.status.${r.status}`)}
      tone={r.status === 'done' ? 'good' : 'bad'}
      rows={rows}
    />
  );
}
