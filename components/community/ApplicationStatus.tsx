'use client';
import { useTranslations } from 'next-intl';
import type { ApplyStatus } from '@/lib/api/replies';
import { formatAmount } from '@/lib/money';
import { formatTime } from '@/lib/time';

const TONE = { pending: 'bg-gold/15 text-gold', approved: 'bg-mint/15 text-mint', rejected: 'bg-red-500/15 text-red-400' } as const;

/** The member's latest application: its status (with the reason of a rejection) and what was submitted. */
export function ApplicationStatus({ application }: { application: ApplyStatus & { status: 'pending' | 'approved' | 'rejected' } }) {
  const t = useTranslations();
  const rows: [string, string][] = [
    [t('community.receiver'), application.receiver],
    [t('community.amount'), `${formatAmount(BigInt(application.amount))} WLD`],
    [t('community.place'), `${application.province} ${application.city}`],
    [t('community.communityAddress'), application.community_address],
    [t('community.payHash'), application.pay_hash],
    [t('community.time'), formatTime(application.create_time)],
  ];
  return (
    <section data-testid="apply-status" data-status={application.status} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold text-fg">{t('community.statusTitle')}</h2>
        <span data-testid="apply-status-label" className={`rounded-full px-3 py-1 text-xs font-semibold ${TONE[application.status]}`}>
          {t(`community.status.${application.status}`)}
        </span>
      </div>
      <p className="mt-2 text-xs text-haze">{t(`community.statusHint.${application.status}`)}</p>
      {application.reason && (
        <p data-testid="apply-reason" className="mt-2 text-xs text-red-400">
          {t('community.reason', { reason: application.reason })}
        </p>
      )}
      <dl className="mt-3 space-y-2">
        {rows.map(([k, v]) => (
          <div key={k} className="text-xs">
            <dt className="text-haze">{k}</dt>
            <dd className="break-all font-mono text-fg">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
