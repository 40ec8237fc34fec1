import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../lib/api/contract';
import { anvilAccount } from '../../stack/accounts';
import { freePort } from '../../stack/ports';
import { runOp } from '../admin/ops';
import { indexUntilCaughtUp } from '../chain/indexer';
import { createAdminApp } from '../http/routes-admin';
import { startJobs } from '../jobs/schedule';
import { withdrawals } from '../ledger/tables';
import { emailOutbox } from '../reminders/tables';
import { type Exposition, parseExposition, sampleValue } from './exposition';
import { testServer } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';
import { deposit, seedLevels, userId } from './money';

const ADMIN_TOKEN = 'an-admin-token-for-the-metrics-test';
const METRICS_TOKEN = 'a-read-only-token-for-prometheus';
type Server = Awaited<ReturnType<typeof testServer>>;

let net: LocalChain;
let s: Server;
let throttled: Server;
const closers: (() => Promise<void>)[] = [];

/** The server's admin app (routes-admin.ts) listening on a free loopback port, as main.ts serves it. */
async function adminUrl(server: Server): Promise<string> {
  const admin: Hono = createAdminApp({ db: server.db, clock: server.clock, config: server.config, metrics: server.metrics }, ADMIN_TOKEN);
  const port = await freePort();
  await new Promise<void>((resolve) => {
    const listening = serve({ fetch: admin.fetch, hostname: '127.0.0.1', port }, () => resolve());
    closers.push(() => new Promise((done) => listening.close(() => done())));
  });
  return `http://127.0.0.1:${port}`;
}

const scrapeOf =
  (url: string) =>
  async (token = METRICS_TOKEN): Promise<Exposition> => {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(await res.text());
  };
let scrape: ReturnType<typeof scrapeOf>;
let url: string;

beforeAll(async () => {
  net = await localChain();
  const overrides = { metricsToken: METRICS_TOKEN, chainId: 31337 };
  s = await testServer(overrides, { metered: { chainHead: () => net.client().getBlockNumber({ cacheTime: 0 }), coverage: async () => 1.25 } });
  // A second server in the same process, metered too, whose read limit allows one call a minute per address and
  // whose chain head cannot be read.
  throttled = await testServer({ ...overrides, rateLimitFactor: 0.001 }, { metered: { chainHead: () => Promise.reject(new Error('the RPC is down')) } });
  url = await adminUrl(s);
  scrape = scrapeOf(url);
});
afterAll(async () => {
  for (const close of closers) await close();
  await Promise.all([s?.close(), throttled?.close()]);
  await net?.stop();
});

const calls = (e: Exposition, endpoint: string) => sampleValue(e, 'wld_api_request_duration_seconds_count', { endpoint });
const errors = (e: Exposition, endpoint: string, kind: string) => sampleValue(e, 'wld_api_errors_total', { endpoint, kind });

describe('metrics on the admin port', () => {
  it('asks for a bearer token: the metrics token or the admin token', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer not-the-token-of-this-server' } })).status).toBe(401);
    expect(sampleValue(await scrape(ADMIN_TOKEN), 'wld_payout_queue_length')).toBe(0);
    // The metrics token reads the metrics and nothing else of the admin app.
    const op = {
      method: 'POST',
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ op: 'withdrawals.pending', args: [] }),
    };
    expect((await fetch(`${url}/admin/op`, op)).status).toBe(401);
    expect((await fetch(`${url}/admin/jobs/run`, { method: 'POST', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(401);
    // The public port has no /metrics.
    expect((await s.app.request('/metrics')).status).toBe(404);
  });

  it("counts each endpoint's calls, refusals and latency by its contract name, exactly as made", async () => {
    const before = await scrape();
    for (const e of Object.values(endpoints)) expect(calls(before, e.name)).toBe(0);
    const levels = await seedLevels(s.db);
    const member = await s.user(); // getNonce, reg, getNonce, login
    await deposit(s.db, s.clock, member.address, '100');
    expect((await s.act('investapi/investSave', member, { order_id: levels.small, day_id: levels.smallTen })).status).toBe(1); // getNonce, investSave
    expect((await s.call('userapi/getBalance', member)).status).toBe(1);
    expect((await s.call('userapi/getBalance', member, {}, { ust: 1 })).status).toBe(0); // outside the ust window
    const after = await scrape();
    const made = { getNonce: 3, reg: 1, login: 1, investSave: 1, getBalance: 2 };
    for (const e of Object.values(endpoints)) expect([e.name, calls(after, e.name)]).toEqual([e.name, made[e.name as keyof typeof made] ?? 0]);
    expect(errors(after, 'getBalance', 'refused')).toBe(1);
    for (const name of Object.keys(made)) expect(errors(after, name, 'internal')).toBe(0);
    expect(errors(after, 'investSave', 'refused')).toBe(0);
    // The histogram: cumulative buckets up to +Inf, which is the count; a duration was measured.
    const buckets = after.samples.filter((x) => x.name === 'wld_api_request_duration_seconds_bucket' && x.labels.endpoint === 'getNonce');
    expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: 3 });
    expect(sampleValue(after, 'wld_api_request_duration_seconds_sum', { endpoint: 'getNonce' })).toBeGreaterThan(0);
    expect(after.types.get('wld_api_request_duration_seconds')).toBe('histogram');
  });

  it("counts rate-limit refusals by limit and a body refused by its size, in each server's own registry", async () => {
    const scrapeThrottled = scrapeOf(await adminUrl(throttled));
    const visitor = anvilAccount(7);
    expect((await throttled.call('publicapi/getSwap', visitor, { position: '1' })).status).toBe(1);
    const refused = await throttled.app.request('/api/v1/publicapi/getSwap', { method: 'POST' }); // no envelope: refused before the limit
    expect(refused.status).toBe(200);
    const tooLarge = await throttled.app.request('/api/v1/publicapi/getSwap', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `position=${'1'.repeat(70_000)}`,
    });
    expect(tooLarge.status).toBe(413);
    expect((await throttled.call('publicapi/getSwap', visitor, { position: '1' })).info).toMatch(/too many/i);
    const e = await scrapeThrottled();
    expect(sampleValue(e, 'wld_rate_limit_refusals_total', { limit: 'read:address' })).toBe(1);
    expect(sampleValue(e, 'wld_rate_limit_refusals_total', { limit: 'write:address' })).toBe(0);
    expect(calls(e, 'getSwap')).toBe(4);
    expect(errors(e, 'getSwap', 'refused')).toBe(3);
    // Nothing of it in the other server's registry; no coverage reader was given here, so no sample.
    expect(sampleValue(await scrape(), 'wld_rate_limit_refusals_total', { limit: 'read:address' })).toBe(0);
    expect(calls(await scrape(), 'getSwap')).toBe(0);
    expect(e.types.has('wld_coverage_ratio')).toBe(false);
    // A head it could not read: the lag is unknown, not 0, and the rest of the scrape is there.
    expect(e.types.get('wld_indexer_lag_blocks')).toBe('gauge');
    expect(sampleValue(e, 'wld_indexer_lag_blocks')).toBeUndefined();
    expect(sampleValue(e, 'wld_payout_queue_length')).toBe(0);
  });

  it('reads the payout queue, the indexer lag, the outbox and the coverage on the scrape', async () => {
    const alice = anvilAccount(3);
    await runOp(s.db, 'root.add', [alice.address]);
    await net.vault(alice, { functionName: 'recharge', args: [parseEther('100')] });
    await net.vault(alice, { functionName: 'requestWithdraw', args: [parseEther('40')] });
    await indexUntilCaughtUp(s.db, net.client(), localIndexer, s.clock);
    const [w] = await s.db.select().from(withdrawals);
    await net.approve(s.db, s.clock, w!.id);
    s.clock.advance(90_000);
    let e = await scrape();
    expect(sampleValue(e, 'wld_payout_queue_length')).toBe(1);
    expect(sampleValue(e, 'wld_payout_queue_oldest_age_seconds')).toBe(90);
    expect(sampleValue(e, 'wld_payouts_flagged')).toBe(0);
    expect(sampleValue(e, 'wld_indexer_lag_blocks')).toBe(0);
    await net.mineTo((await net.client().getBlockNumber({ cacheTime: 0 })) + 5n);
    e = await scrape();
    expect(sampleValue(e, 'wld_indexer_lag_blocks')).toBe(5);
    expect(sampleValue(e, 'wld_email_outbox', { state: 'queued' })).toBe(0);
    expect(sampleValue(e, 'wld_email_outbox', { state: 'failed' })).toBe(0);
    const email = {
      kind: 'stake' as const,
      userId: await userId(s.db, alice.address),
      toEmail: 'alice@example.com',
      language: 'en' as const,
      subject: 's',
      body: 'b',
      unsubscribeUrl: 'http://127.0.0.1/u',
    };
    await s.db
      .insert(emailOutbox)
      .values(['queued', 'queued', 'failed', 'sent'].map((state, i) => ({ ...email, eventKey: `metrics-${i}`, state: state as 'queued' })));
    e = await scrape();
    expect(sampleValue(e, 'wld_email_outbox', { state: 'queued' })).toBe(2);
    expect(sampleValue(e, 'wld_email_outbox', { state: 'failed' })).toBe(1);
    expect(sampleValue(e, 'wld_coverage_ratio')).toBe(1.25);
  });

  it("times the daily job and the payout runs, and reads the daily job's last run on the scrape", async () => {
    const before = await scrape();
    expect(sampleValue(before, 'wld_job_duration_seconds_count', { job: 'daily', outcome: 'ok' })).toBe(0);
    expect(before.types.has('wld_daily_job_last_run_ok')).toBe(true);
    expect(sampleValue(before, 'wld_daily_job_last_run_ok')).toBeUndefined(); // never ran
    // The operator's run of the daily job over the admin port, once.
    const ran = await fetch(`${url}/admin/jobs/run`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(ran.status).toBe(200);
    let e = await scrape();
    expect(sampleValue(e, 'wld_job_duration_seconds_count', { job: 'daily', outcome: 'ok' })).toBe(1);
    expect(sampleValue(e, 'wld_job_duration_seconds_sum', { job: 'daily', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sampleValue(e, 'wld_job_duration_seconds_count', { job: 'daily', outcome: 'failed' })).toBe(0);
    expect(sampleValue(e, 'wld_daily_job_last_run_ok')).toBe(1);
    expect(sampleValue(e, 'wld_daily_job_last_run_timestamp_seconds')).toBe(s.clock.now().getTime() / 1000);
    expect(sampleValue(e, 'wld_daily_job_overdue_seconds')).toBe(0);
    // The schedule's loops: the indexer catches up, the payout job sends the approved withdrawal, then confirms it.
    const stop = startJobs({
      db: s.db,
      clock: s.clock,
      jobIntervalMs: 60_000,
      indexIntervalMs: 100,
      chain: { client: net.client(), indexer: localIndexer },
      payouts: net.payouts(),
      observe: s.metrics!.jobRun,
    });
    try {
      await vi.waitUntil(async () => sampleValue((e = await scrape()), 'wld_payout_queue_length') === 0, { timeout: 20_000, interval: 200 });
    } finally {
      stop();
    }
    // A round under way when the loop stopped still ends: wait for it (the runs stop counting) before reading on.
    const runs = async () => (e = await scrape()).samples.filter((x) => x.name === 'wld_job_duration_seconds_count').reduce((n, x) => n + x.value, 0);
    let counted = -1;
    await vi.waitUntil(async () => counted === (counted = await runs()), { timeout: 10_000, interval: 500 });
    expect(sampleValue(e, 'wld_job_duration_seconds_count', { job: 'payouts', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(sampleValue(e, 'wld_job_duration_seconds_count', { job: 'payouts', outcome: 'failed' })).toBe(0);
    expect(sampleValue(e, 'wld_job_duration_seconds_count', { job: 'indexer', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(sampleValue(e, 'wld_indexer_lag_blocks')).toBeLessThanOrEqual(1);
    expect(sampleValue(e, 'wld_payout_queue_oldest_age_seconds')).toBe(0);
  });
});
