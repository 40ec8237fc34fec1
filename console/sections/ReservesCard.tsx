'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api, rolesAllowed } from '../../lib/console-api/contract';
import type { Reserves } from '../../lib/console-api/replies';
import { utc, wld } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { useSession } from '../lib/session';
import { Badge, Button, Card, ErrorBox, Facts, Field, Mono, QueryState, TextInput } from '../ui/kit';
import { useToast } from '../ui/Toast';

/** The threshold's form, for the roles that may set it (admin). */
function ThresholdForm({ current }: { current: string | null }) {
  const t = useTranslations('reserves');
  const toast = useToast();
  const [value, setValue] = useState<string | null>(null);
  const set = useConsoleMutation(api.setCoverageThreshold, [api.reserves], () => {
    toast(t('thresholdSaved'));
    setValue(null);
  });
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate({ percent: value ?? current ?? '' });
      }}
    >
      <Field label={t('thresholdLabel')} hint={t('thresholdHint')}>
        <TextInput name="coverage-threshold" inputMode="decimal" value={value ?? current ?? ''} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <Button type="submit" disabled={set.isPending}>
        {t('thresholdSave')}
      </Button>
      {set.error && (
        <div className="w-full">
          <ErrorBox error={set.error} />
        </div>
      )}
    </form>
  );
}

function Figures({ r }: { r: Reserves }) {
  const t = useTranslations('reserves');
  const net = BigInt(r.outflow.net);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-baseline gap-x-6 gap-y-1">
        <p className={`text-2xl font-semibold ${r.below ? 'text-rose-700' : 'text-slate-900'}`} data-testid="coverage">
          {r.coveragePercent === null ? '—' : `${r.coveragePercent} %`}
        </p>
        <p className="text-sm font-medium text-slate-900">
          {t('runwayIs', { value: r.runwayDays === null ? (r.vault ? t('noOutflow') : '—') : t('days', { days: r.runwayDays }) })}
        </p>
        <p className="text-sm text-slate-600">{t('thresholdIs', { value: r.threshold === null ? t('none') : `${r.threshold} %` })}</p>
      </div>
      <Facts
        items={[
          [
            t('vault'),
            r.vault ? (
              <span key="v">
                {wld(r.vault.wld)} · <Mono>#{r.vault.block}</Mono>
              </span>
            ) : r.vaultError ? (
              <span key="e" className="text-rose-700">
                {r.vaultError}
              </span>
            ) : (
              t('noChain')
            ),
          ],
          [t('balances'), wld(r.owed.balances)],
          [t('principal'), wld(r.owed.principal)],
          [t('dividends'), wld(r.owed.dividends)],
          [t('rewards'), wld(r.owed.rewards)],
          [t('held'), wld(r.owed.withdrawalsHeld)],
          [t('approved'), wld(r.owed.withdrawalsApproved)],
          [<strong key="k">{t('total')}</strong>, <strong key="t">{wld(r.owed.total)}</strong>],
          [t('renewal'), t('renewalValue', { dividends: wld(r.renewal.dividends), rewards: wld(r.renewal.rewards) })],
          [
            t('outflow', { days: r.outflow.days }),
            `${net < 0n ? '−' : ''}${wld((net < 0n ? -net : net).toString())} (${t('outflowParts', { paid: wld(r.outflow.payouts), recharged: wld(r.outflow.recharges) })})`,
          ],
        ]}
      />
      <p className="mt-3 text-xs text-slate-500">{t('explain')}</p>
      {r.incidents.length > 0 && (
        <ul className="mt-3 space-y-1 text-xs" aria-label={t('incidents')}>
          {r.incidents.map((i) => (
            <li key={i.kind}>
              <Badge tone="red">{t(`alert.${i.kind}` as 'alert.coverage')}</Badge> {t('since', { at: utc(i.openedAt) })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The reserves against what is promised (server/views/reserves.ts): red when the coverage is under the threshold. */
export function ReservesCard() {
  const t = useTranslations('reserves');
  const { operator } = useSession();
  const query = useConsoleQuery(api.reserves, {}, { refetchInterval: 30_000 });
  const below = query.data?.below ?? false;
  return (
    <Card
      title={t('title')}
      actions={below ? <Badge tone="red">{t('belowThreshold')}</Badge> : query.data?.threshold ? <Badge tone="green">{t('aboveThreshold')}</Badge> : null}
      className={`lg:col-span-2 ${below ? 'border-rose-400 ring-2 ring-rose-200' : ''}`}
    >
      <QueryState query={query}>{(r) => <Figures r={r} />}</QueryState>
      {operator && rolesAllowed(api.setCoverageThreshold, operator.roles) && <ThresholdForm current={query.data?.threshold ?? null} />}
    </Card>
  );
}
