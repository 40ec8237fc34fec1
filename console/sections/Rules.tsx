'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { LevelRow, Rule, RuleChange } from '../../lib/console-api/replies';
import { amountText, baseUnitsOf } from '../../lib/money';
import { short, utc, wld } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { Button, Card, ErrorBox, Field, Mono, QueryState, Select, TextInput } from '../ui/kit';
import { type Column, PagedTable, Table } from '../ui/Table';
import { useToast } from '../ui/Toast';

/** Base units as the decimal WLD an operator types back ("100", "0.5"). */
function typed(base: string) {
  const value = baseUnitsOf(base);
  return value === undefined || value < 0n ? base : amountText(value);
}

/** Staking levels and periods, reward rules (from the next UTC day) with history, wallet minimums, the community rule and fee, the approval threshold. */
export function Rules() {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <RuleTable />
      <Levels />
      <Minimums />
      <CommunityAndThreshold />
      <History />
    </div>
  );
}

function RuleTable() {
  const t = useTranslations('rules');
  const toast = useToast();
  const query = useConsoleQuery(api.rules, {});
  const [edit, setEdit] = useState<{ key: string; value: string } | null>(null);
  const set = useConsoleMutation(api.setRule, [api.rules, api.ruleHistory], () => {
    toast(t('fromTomorrow'));
    setEdit(null);
  });
  const columns: Column<Rule>[] = [
    { key: 'key', header: t('key'), cell: (r) => <span className="font-mono text-xs">{r.key}</span> },
    {
      key: 'value',
      header: t('value'),
      cell: (r) =>
        edit?.key === r.key ? (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              set.mutate(edit);
            }}
          >
            <TextInput name={`rule-${r.key}`} value={edit.value} onChange={(e) => setEdit({ key: r.key, value: e.target.value })} className="w-28" />
            <Button type="submit" disabled={set.isPending}>
              {t('save')}
            </Button>
          </form>
        ) : (
          <button
            type="button"
            className="font-mono text-indigo-700 underline decoration-dotted"
            onClick={() => setEdit({ key: r.key, value: r.fromTomorrow ?? r.value })}
          >
            {r.value}
          </button>
        ),
    },
    { key: 'next', header: t('tomorrow'), cell: (r) => r.fromTomorrow ?? '—' },
    { key: 'default', header: t('default'), cell: (r) => r.default },
  ];
  return (
    <Card title={t('rules')}>
      <p className="mb-2 text-xs text-slate-500">{t('rulesHint')}</p>
      <QueryState query={query}>{(rows) => <Table columns={columns} rows={rows} rowKey={(r) => r.key} />}</QueryState>
      {set.error && (
        <div className="mt-3">
          <ErrorBox error={set.error} />
        </div>
      )}
    </Card>
  );
}

function History() {
  const t = useTranslations('rules');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(api.ruleHistory, { page, limit: 20 });
  const columns: Column<RuleChange>[] = [
    { key: 'key', header: t('key'), cell: (r) => <span className="font-mono text-xs">{r.key}</span> },
    { key: 'value', header: t('value'), cell: (r) => r.value },
    { key: 'from', header: t('effective'), cell: (r) => r.from },
    { key: 'by', header: t('by'), cell: (r) => <Mono>{r.operator ? short(r.operator) : '—'}</Mono> },
    { key: 'at', header: t('at'), cell: (r) => utc(r.at) },
  ];
  return (
    <Card title={t('history')} className="xl:col-span-2">
      <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(r) => `${r.key}-${r.from}-${r.at}`} />
    </Card>
  );
}

function Levels() {
  const t = useTranslations('rules');
  const toast = useToast();
  const query = useConsoleQuery(api.levels, {});
  const [amount, setAmount] = useState('');
  const [periods, setPeriods] = useState([{ days: '30', percent: '' }]);
  const add = useConsoleMutation(api.addLevel, [api.levels], () => {
    toast(t('levelAdded'));
    setAmount('');
    setPeriods([{ days: '30', percent: '' }]);
  });
  const columns: Column<LevelRow>[] = [
    { key: 'amount', header: t('levelAmount'), cell: (l) => wld(l.amount) },
    { key: 'periods', header: t('periods'), cell: (l) => l.periods.map((p) => t('period', { days: p.days, percent: p.percent })).join(' · ') },
  ];
  return (
    <Card title={t('levels')}>
      <QueryState query={query}>{(rows) => <Table columns={columns} rows={rows} rowKey={(l) => l.id} />}</QueryState>
      <form
        className="mt-4 space-y-2 border-t border-slate-100 pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ amount, periods: periods.map((p) => ({ days: Number(p.days), percent: p.percent })) });
        }}
      >
        <Field label={t('levelAmountWld')}>
          <TextInput name="level-amount" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="1000" />
        </Field>
        {periods.map((p, i) => (
          <div key={i} className="flex items-end gap-2">
            <Field label={t('days')}>
              <TextInput
                value={p.days}
                inputMode="numeric"
                onChange={(e) => setPeriods(periods.map((x, j) => (j === i ? { ...x, days: e.target.value } : x)))}
              />
            </Field>
            <Field label={t('dailyPercent')}>
              <TextInput
                value={p.percent}
                onChange={(e) => setPeriods(periods.map((x, j) => (j === i ? { ...x, percent: e.target.value } : x)))}
                placeholder="0.5"
              />
            </Field>
          </div>
        ))}
        <div className="flex gap-2">
          <Button tone="plain" onClick={() => setPeriods([...periods, { days: '', percent: '' }])}>
            {t('addPeriod')}
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {t('addLevel')}
          </Button>
        </div>
        {add.error && <ErrorBox error={add.error} />}
      </form>
    </Card>
  );
}

function Minimums() {
  const t = useTranslations('rules');
  const toast = useToast();
  const query = useConsoleQuery(api.walletSettings, {});
  const [edit, setEdit] = useState<Record<string, string>>({});
  const set = useConsoleMutation(api.setWalletMinimum, [api.walletSettings], () => toast(t('saved')));
  return (
    <Card title={t('minimums')}>
      <QueryState query={query}>
        {(w) => (
          <div className="space-y-2">
            {(['recharge', 'withdraw', 'transfer'] as const).map((kind) => (
              <form
                key={kind}
                className="flex items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  set.mutate({ kind, amount: edit[kind] ?? typed(w[kind]) });
                }}
              >
                <Field label={t(`minimum.${kind}`)}>
                  <TextInput name={`minimum-${kind}`} value={edit[kind] ?? typed(w[kind])} onChange={(e) => setEdit({ ...edit, [kind]: e.target.value })} />
                </Field>
                <Button type="submit" tone="plain" disabled={set.isPending}>
                  {t('save')}
                </Button>
              </form>
            ))}
          </div>
        )}
      </QueryState>
      {set.error && (
        <div className="mt-3">
          <ErrorBox error={set.error} />
        </div>
      )}
    </Card>
  );
}

function CommunityAndThreshold() {
  const t = useTranslations('rules');
  const toast = useToast();
  const community = useConsoleQuery(api.communitySettings, {});
  const settings = useConsoleQuery(api.settings, {});
  const [fee, setFee] = useState<string | null>(null);
  const [threshold, setThreshold] = useState<string | null>(null);
  const setRule = useConsoleMutation(api.setCommunityRule, [api.communitySettings], () => toast(t('saved')));
  const setFeeM = useConsoleMutation(api.setCommunityFee, [api.communitySettings], () => toast(t('saved')));
  const setThresholdM = useConsoleMutation(api.setApprovalThreshold, [api.settings], () => toast(t('saved')));
  const error = setRule.error ?? setFeeM.error ?? setThresholdM.error;
  return (
    <Card title={t('communityAndApproval')}>
      <div className="space-y-3">
        <QueryState query={community}>
          {(c) => (
            <>
              <Field label={t('whoMayApply')}>
                <Select value={c.rule} onChange={(e) => setRule.mutate({ rule: e.target.value as typeof c.rule })}>
                  {(['valid', 'member', 'closed'] as const).map((r) => (
                    <option key={r} value={r}>
                      {t(`communityRule.${r}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <form
                className="flex items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  setFeeM.mutate({ amount: fee ?? typed(c.amount) });
                }}
              >
                <Field label={t('communityFee')}>
                  <TextInput name="community-fee" value={fee ?? typed(c.amount)} onChange={(e) => setFee(e.target.value)} />
                </Field>
                <Button type="submit" tone="plain" disabled={setFeeM.isPending}>
                  {t('save')}
                </Button>
              </form>
            </>
          )}
        </QueryState>
        <QueryState query={settings}>
          {(s) => (
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                setThresholdM.mutate({ amount: threshold ?? typed(s.approvalThreshold) });
              }}
            >
              <Field label={t('threshold')} hint={t('thresholdHint')}>
                <TextInput name="approval-threshold" value={threshold ?? typed(s.approvalThreshold)} onChange={(e) => setThreshold(e.target.value)} />
              </Field>
              <Button type="submit" tone="plain" disabled={setThresholdM.isPending}>
                {t('save')}
              </Button>
            </form>
          )}
        </QueryState>
        {error && <ErrorBox error={error} />}
      </div>
    </Card>
  );
}
