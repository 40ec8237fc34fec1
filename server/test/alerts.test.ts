// The operators' alerts (server/alerts/): each condition's trigger, one email per incident across many checks, a new
// one after it clears and returns, the console link in the body; SMTP down only to the log. Real SMTP (the mail
// catcher), a real anvil chain for the Vault and the indexer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_VAULT } from '../../abi';
import { type MailCatcher, startMailCatcher } from '../../stack/mail-catcher';
import { runOp } from '../admin/ops';
import { type AlertDeps, runAlerts } from '../alerts/check';
import type { DailyJobRun } from '../alerts/conditions';
import { indexUntilCaughtUp } from '../chain/indexer';
import { smtpMailer } from '../email/mailer';
import { withdrawals } from '../ledger/tables';
import { createLogger } from '../log';
import { sendQueued } from '../reminders/outbox';
import { emailOutbox } from '../reminders/tables';
import { deposit, withdrawRequest } from './money';
import { type LocalChain, localChain, localIndexer } from './local-chain';
import { newAccount, testServer } from './harness';

const MIN = 60_000;
const CONSOLE = 'https://console.example/console/';
const limits = { indexerStallMs: 10 * MIN, dailyJobLateMs: 26 * 60 * MIN, payoutStuckMs: 60 * MIN };
let s: Awaited<ReturnType<typeof testServer>>;
let net: LocalChain;
let catcher: MailCatcher;
let dailyJob: DailyJobRun | undefined;
const lines: string[] = [];
const [ops1, ops2, noEmail] = [newAccount(), newAccount(), newAccount()];

const deps = (over: Partial<AlertDeps> = {}): AlertDeps => ({
  db: s.db,
  clock: s.clock,
  limits,
  consoleUrl: CONSOLE,
  smtp: true,
  dailyJob: async () => dailyJob,
  chain: { ...localIndexer, client: net.client(), vault: LOCAL_VAULT },
  logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
  ...over,
});
const mailer = () => smtpMailer(catcher.smtpUrl, 'WLD Staking <alerts@test.example>');
/** One job-loop turn: the check, then the outbox drain; the indexer first, so only what a test stalls stalls. */
async function loop(over: Partial<AlertDeps> = {}, opts: { index?: boolean } = {}) {
  if (opts.index ?? true) await indexUntilCaughtUp(s.db, net.client(), localIndexer, s.clock);
  const report = await runAlerts(deps(over));
  await sendQueued(s.db, s.clock, mailer());
  return report;
}
const mailTo = (email: string, subject: RegExp) => catcher.messages().filter((m) => m.to.includes(email) && subject.test(m.subject));

beforeAll(async () => {
  [s, net, catcher] = await Promise.all([testServer(), localChain({ slotsInAnEpoch: 1 }), startMailCatcher()]);
  await net.mineTo((await net.client().getBlockNumber({ cacheTime: 0 })) + 2n); // the deployment finalized
  for (const o of [ops1, ops2, noEmail]) await runOp(s.db, 'operator.add', [o.address, 'admin'], s.clock);
  await expect(runOp(s.db, 'operator.email', [ops1.address, 'not-an-email'], s.clock)).rejects.toThrow();
  await runOp(s.db, 'operator.email', [ops1.address, 'Ops1@Example.com'], s.clock);
  await runOp(s.db, 'operator.email', [ops2.address, 'ops2@example.com'], s.clock);
});
afterAll(async () => {
  await s?.close();
  await net?.stop();
  await catcher?.stop();
});

describe('alerts to operators', () => {
  it('coverage below the threshold: one email per operator per incident, however many checks; a new one when it returns', async () => {
    expect((await loop()).open).toEqual([]);
    const member = await s.user();
    await deposit(s.db, s.clock, member.address, '100'); // 100 WLD owed, the Vault holds none: 0 %
    expect((await loop()).open).toEqual([]); // no threshold, no alert
    await runOp(s.db, 'reserves.threshold', ['50'], s.clock);
    for (let i = 0; i < 5; i++) {
      expect((await loop()).open).toEqual(['coverage']);
      s.clock.advance(MIN);
    }
    const first = mailTo('ops1@example.com', /Reserves cover/);
    expect(first).toHaveLength(1);
    expect(mailTo('ops2@example.com', /Reserves cover/)).toHaveLength(1);
    expect(first[0]!.subject).toBe('[WLD Staking] Alert: Reserves cover 0.00% of what is owed, below the threshold of 50% (Vault 0.00 WLD, owed 100.00 WLD)');
    expect(first[0]!.text).toContain(`Console: ${CONSOLE}#/health`);
    expect(first[0]!.text).toContain('储备覆盖率 0.00%，低于阈值 50%');

    await runOp(s.db, 'reserves.threshold', ['off'], s.clock);
    expect((await loop()).open).toEqual([]); // cleared: the incident closes
    await loop();
    await runOp(s.db, 'reserves.threshold', ['50'], s.clock);
    // three servers' checks at once (concurrent on PostgreSQL): the incident opens once, mailed once
    const racing = await Promise.all([runAlerts(deps()), runAlerts(deps()), runAlerts(deps())]);
    expect(racing.flatMap((r) => r.opened)).toHaveLength(1);
    await loop();
    await loop();
    expect(mailTo('ops1@example.com', /Reserves cover/)).toHaveLength(2);
    expect(mailTo('ops2@example.com', /Reserves cover/)).toHaveLength(2);
    await runOp(s.db, 'reserves.threshold', ['off'], s.clock);
    await loop();
  });

  it('payouts: a flagged one alerts, and an approved one still unpaid an hour after its approval', async () => {
    const member = await s.user();
    await deposit(s.db, s.clock, member.address, '100');
    const flagged = await withdrawRequest(s.db, member.address, '10', s.clock);
    await runOp(s.db, 'withdrawal.approve', [String(flagged)], s.clock);
    expect((await loop()).open).toEqual([]);
    await s.db.update(withdrawals).set({ payoutProblem: 'paid on chain to another address' }).where(eq(withdrawals.id, flagged));
    expect((await loop()).open).toEqual(['payouts']);
    await loop();
    expect(mailTo('ops1@example.com', /Payouts in trouble: 1 flagged/)).toHaveLength(1);
    await s.db.update(withdrawals).set({ payoutProblem: null, paidAt: s.clock.now() }).where(eq(withdrawals.id, flagged));
    expect((await loop()).open).toEqual([]);

    const waiting = await withdrawRequest(s.db, member.address, '10', s.clock);
    await runOp(s.db, 'withdrawal.approve', [String(waiting)], s.clock);
    s.clock.advance(59 * MIN);
    expect((await loop()).open).toEqual([]);
    s.clock.advance(2 * MIN);
    expect((await loop()).open).toEqual(['payouts']);
    const stuck = mailTo('ops2@example.com', /Payouts in trouble: 0 flagged, 1 approved but unpaid for over 60 min/);
    expect(stuck).toHaveLength(1);
    expect(stuck[0]!.text).toContain(`${CONSOLE}#/health`);
    await s.db.update(withdrawals).set({ paidAt: s.clock.now() }).where(eq(withdrawals.id, waiting));
    expect((await loop()).open).toEqual([]);
  });

  it('the indexer stalled: confirmed blocks wait and its block has not moved for longer than the set time', async () => {
    await loop();
    await net.mineTo((await net.client().getBlockNumber({ cacheTime: 0 })) + 3n); // the chain moves, the indexer does not
    expect((await loop({}, { index: false })).open).toEqual([]);
    s.clock.advance(9 * MIN);
    expect((await loop({}, { index: false })).open).toEqual([]);
    s.clock.advance(2 * MIN);
    expect((await loop({}, { index: false })).open).toEqual(['indexer']);
    s.clock.advance(5 * MIN);
    expect((await loop({}, { index: false })).open).toEqual(['indexer']);
    expect(mailTo('ops1@example.com', /The indexer stalled/)).toHaveLength(1);
    expect(mailTo('ops1@example.com', /The indexer stalled/)[0]!.subject).toMatch(/at block \d+ for over 10 min while the chain has confirmed block \d+/);
    expect((await loop()).open).toEqual([]); // it catches up: cleared
  });

  it('the daily job failed, or recorded no run for longer than the set time', async () => {
    dailyJob = { at: s.clock.now().toISOString(), ok: false, error: 'deadlock detected' };
    expect((await loop()).open).toEqual(['daily-job']);
    await loop();
    expect(mailTo('ops1@example.com', /The daily job failed .*deadlock detected/)).toHaveLength(1);
    dailyJob = { at: s.clock.now().toISOString(), ok: true };
    expect((await loop()).open).toEqual([]);
    s.clock.advance(25 * 60 * MIN);
    expect((await loop()).open).toEqual([]);
    s.clock.advance(2 * 60 * MIN);
    expect((await loop()).open).toEqual(['daily-job']);
    expect(mailTo('ops2@example.com', /The daily job is late: no run recorded since/)).toHaveLength(1);
    dailyJob = { at: s.clock.now().toISOString(), ok: true };
    expect((await loop()).open).toEqual([]);
  });

  it('SMTP down goes to the log once per incident, not to the outbox', async () => {
    const before = await s.db.select().from(emailOutbox);
    expect(before.every((row) => row.kind === 'alert' && row.userId === null && row.state === 'sent')).toBe(true);
    expect(new Set(before.map((row) => row.toEmail))).toEqual(new Set(['ops1@example.com', 'ops2@example.com'])); // not the operator without one
    // an alert queued while SMTP refuses: its send fails and waits for a retry
    dailyJob = { at: s.clock.now().toISOString(), ok: false, error: 'out of memory' };
    await runAlerts(deps());
    const down = await sendQueued(s.db, s.clock, smtpMailer('smtp://127.0.0.1:9', 'WLD Staking <alerts@test.example>'));
    expect(down.retried).toBe(2);
    lines.length = 0;
    for (let i = 0; i < 3; i++) expect((await runAlerts(deps())).open).toEqual(['daily-job', 'smtp']);
    const logged = lines.map((l) => JSON.parse(l) as { kind?: string; msg: string }).filter((l) => l.kind === 'smtp');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toMatch(/^SMTP down/);
    expect(await s.db.select().from(emailOutbox)).toHaveLength(before.length + 2); // the daily job's two, no SMTP email
    s.clock.advance(5 * MIN);
    await sendQueued(s.db, s.clock, mailer()); // SMTP is back: the retry goes
    expect((await runAlerts(deps())).open).toEqual(['daily-job']);
    expect(mailTo('ops1@example.com', /out of memory/)).toHaveLength(1);
  });
});
