'use client';
import { useTranslations } from 'next-intl';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import { utc } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { Badge, Button, Card, ErrorBox, Facts, Mono, QueryState } from '../ui/kit';
import { ReservesCard } from './ReservesCard';

const ok = (value: boolean | null, yes: string, no: string, unknown: string) =>
  value === null ? <Badge>{unknown}</Badge> : value ? <Badge tone="green">{yes}</Badge> : <Badge tone="red">{no}</Badge>;

/** The reserves, the daily job, the indexer against the chain head, the payout queue, mail, the audit log's chain, and the ledger check (run on demand). */
export function Health() {
  const t = useTranslations('health');
  const query = useConsoleQuery(api.health, {}, { refetchInterval: 10_000 });
  const check = useConsoleMutation(api.ledgerCheck, [api.health]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ReservesCard />
      <QueryState query={query}>
        {(h) => (
          <>
            <Card title={t('dailyJob')}>
              <Facts
                items={[
                  [t('lastRun'), utc(h.dailyJob.lastRunAt)],
                  [t('duration'), h.dailyJob.durationMs === null ? '—' : `${h.dailyJob.durationMs} ms`],
                  [t('result'), ok(h.dailyJob.ok, t('ok'), t('failed'), t('unknown'))],
                ]}
              />
            </Card>
            <Card title={t('indexer')}>
              <Facts
                items={[
                  [t('indexed'), <Mono key="b">{h.indexer.block ?? '—'}</Mono>],
                  [t('head'), <Mono key="h">{h.indexer.chainHead ?? '—'}</Mono>],
                  [t('behind'), h.indexer.behind ?? '—'],
                ]}
              />
            </Card>
            <Card title={t('payouts')}>
              <Facts
                items={[
                  [t('waiting'), h.payouts.waiting],
                  [
                    t('flagged'),
                    h.payouts.flagged > 0 ? (
                      <Badge key="f" tone="red">
                        {h.payouts.flagged}
                      </Badge>
                    ) : (
                      0
                    ),
                  ],
                  [t('oldest'), utc(h.payouts.oldestWaitingAt)],
                ]}
              />
            </Card>
            <Card title={t('mail')}>
              <Facts
                items={[
                  [t('awaiting'), h.mail.awaitingReply],
                  [t('email'), ok(h.mail.emailConfigured, t('configured'), t('off'), t('unknown'))],
                  [t('lastError'), h.mail.lastEmailError ?? '—'],
                ]}
              />
            </Card>
            <Card title={t('auditChain')} className="lg:col-span-2">
              <Facts
                items={[
                  [t('result'), ok(h.auditChain.ok, t('chainWhole'), t('chainBroken'), t('unknown'))],
                  [t('chainRows'), h.auditChain.rows],
                  [t('chainHead'), <Mono key="c">{h.auditChain.head ?? '—'}</Mono>],
                ]}
              />
              {h.auditChain.firstBreak && (
                <p className="mt-3 text-xs text-rose-800">
                  {t('firstBreak')}: {t(h.auditChain.firstBreak.reason === 'hash' ? 'breakHash' : 'breakPrevHash', { id: h.auditChain.firstBreak.id })}
                </p>
              )}
            </Card>
            <Card
              title={t('ledger')}
              actions={
                <Button tone="plain" disabled={check.isPending} onClick={() => check.mutate({})}>
                  {check.isPending ? t('checking') : t('runCheck')}
                </Button>
              }
              className="lg:col-span-2"
            >
              <Facts
                items={[
                  [t('checkedAt'), utc(check.data?.checkedAt ?? h.ledger.checkedAt)],
                  [t('result'), ok(check.data?.ok ?? h.ledger.ok, t('balanced'), t('mismatch'), t('unknown'))],
                  [t('mismatches'), check.data?.mismatches.length ?? h.ledger.mismatches ?? '—'],
                ]}
              />
              {check.data && check.data.mismatches.length > 0 && (
                <ul className="mt-3 space-y-1 text-xs">
                  {check.data.mismatches.map((m) => (
                    <li key={m.address}>
                      <Mono>{m.address}</Mono>: {m.balance} ≠ {m.entries}
                    </li>
                  ))}
                </ul>
              )}
              {check.error && <ErrorBox error={check.error} />}
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
