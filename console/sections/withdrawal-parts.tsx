'use client';
import { useTranslations } from 'next-intl';
import { ADDRESS_FORMS } from '../../lib/address-text';
import type { Payout, Withdrawal } from '../../lib/console-api/replies';
import { short, utc } from '../lib/format';
import { Badge, Mono } from '../ui/kit';

export function Flags({ flags }: { flags: string[] }) {
  const t = useTranslations('withdrawals.flags');
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((f) => (
        <Badge key={f} tone={f.startsWith('payout') ? 'red' : 'amber'}>
          {t.has(f) ? t(f) : f}
        </Badge>
      ))}
    </span>
  );
}

export function StatusBadge({ status }: { status: Withdrawal['status'] }) {
  const t = useTranslations('withdrawals.statuses');
  const tone = status === 'audit-successful' ? 'green' : status === 'under-review' ? 'indigo' : 'red';
  return <Badge tone={tone}>{t(status)}</Badge>;
}

/** The payout's steps: under review (nothing paid yet) → waiting for the payout job → sent (hash) → paid (hash, time), or set aside with its problem; rejected or failed, not paid. */
export function PayoutProgress({ payout, compact = false }: { payout: Payout; compact?: boolean }) {
  const t = useTranslations('withdrawals.payoutStates');
  const tone = payout.state === 'paid' ? 'green' : payout.state === 'flagged' ? 'red' : payout.state === 'not-paid' ? 'slate' : 'amber';
  return (
    <span className="flex flex-wrap items-center gap-2" data-payout={payout.state}>
      <Badge tone={tone}>{t(payout.state)}</Badge>
      {payout.txHash && <Mono>{compact ? short(payout.txHash, ADDRESS_FORMS.compactHash) : payout.txHash}</Mono>}
      {!compact && payout.paidAt && <span className="text-xs text-slate-500">{utc(payout.paidAt)}</span>}
      {payout.problem && <span className="text-xs text-rose-700">{payout.problem}</span>}
    </span>
  );
}
