import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { rowsOf } from '../db/client';
import { createAdminApp } from '../http/routes-admin';
import { type Session, consoleClient } from './console-client';
import { testServer } from './harness';
import { deposit, withdrawRequest } from './money';

/** Each role reads the audit of what it may act on (the console contract's access lists); an admin reads all. */

let s: Awaited<ReturnType<typeof testServer>>;
let c: ReturnType<typeof consoleClient>;
type Row = { action: string; operator: string | null; target: string | null; before: unknown; after: unknown };
const sessions = {} as Record<'auditor' | 'support' | 'editor' | 'admin', Session>;
const addresses = {} as Record<keyof typeof sessions, string>;
let member = '';
let withdrawal = '';

beforeAll(async () => {
  s = await testServer();
  c = consoleClient(createAdminApp({ db: s.db, clock: s.clock, config: s.config }, 'an-admin-token-for-the-test'), s.db, s.clock);
  for (const role of ['auditor', 'support', 'editor', 'admin'] as const) {
    const account = await c.cliOperator([role]);
    addresses[role] = account.address;
    sessions[role] = await c.signIn(account);
  }
  // One action of each role, each naming the member or the withdrawal where it has one.
  const m = await s.root();
  member = m.address;
  await deposit(s.db, s.clock, m.address, '1000');
  withdrawal = String(await withdrawRequest(s.db, m.address, '40', s.clock));
  const auditor = sessions.auditor;
  expect((await c.post('rejectWithdrawal', { id: withdrawal, reason: 'not this one' }, auditor)).body.ok).toBe(true);
  expect((await c.post('setFounder', { address: member, founder: true }, sessions.support)).body.ok).toBe(true);
  expect((await c.post('saveNotice', { texts: { zh: { title: '通知', content: '<p>x</p>' } } }, sessions.editor)).body.ok).toBe(true);
  expect((await c.post('setWalletMinimum', { kind: 'withdraw', amount: '2' }, sessions.admin)).body.ok).toBe(true);
  expect((await c.post('setApprovalThreshold', { amount: '5000' }, sessions.admin)).body.ok).toBe(true);
  await runOp(s.db, 'wallet.minimum', ['transfer', '1'], s.clock);
});
afterAll(() => s.close());

async function audit(role: keyof typeof sessions, filter: Record<string, unknown> = {}) {
  const reply = await c.post('audit', { limit: 100, ...filter }, sessions[role]);
  expect(reply.body.ok).toBe(true);
  return reply.body.data as { items: Row[]; total: number };
}
const actions = (page: { items: Row[] }) => new Set(page.items.map((r) => r.action));

describe('the audit each role reads', () => {
  it('an editor’s audit never includes a withdrawal row or a member address from another role’s action, even when filtering by that action, target or operator', async () => {
    const all = await audit('editor');
    expect([...actions(all)].sort()).toEqual(['login', 'saveNotice']);
    expect(JSON.stringify(all.items)).not.toContain(member);
    expect(JSON.stringify(all.items).toLowerCase()).not.toContain(member.toLowerCase());
    expect(all.items.filter((r) => r.action === 'login').every((r) => r.operator === addresses.editor)).toBe(true);
    for (const filter of [
      { action: 'rejectWithdrawal' },
      { action: 'withdrawal.approve' },
      { action: 'setFounder' },
      { action: 'settings.approvalThreshold' },
      { action: 'cli:wallet.minimum' },
      { target: `withdrawal:${withdrawal}` },
      { target: `member:${member}` },
      { operator: addresses.auditor },
      { operator: addresses.support },
      { action: 'login', operator: addresses.admin },
    ])
      expect(await audit('editor', filter), JSON.stringify(filter)).toMatchObject({ items: [], total: 0 });
  });

  it('an auditor reads the withdrawal actions and the approval threshold, not content, members or the CLI', async () => {
    const seen = actions(await audit('auditor'));
    expect(seen).toEqual(new Set(['login', 'rejectWithdrawal', 'settings.approvalThreshold']));
    expect((await audit('auditor', { target: `withdrawal:${withdrawal}` })).items).toEqual([
      expect.objectContaining({ action: 'rejectWithdrawal', operator: addresses.auditor }),
    ]);
    expect((await audit('auditor', { action: 'saveNotice' })).total).toBe(0);
  });

  it('support reads the members, mail and community applications actions', async () => {
    expect(actions(await audit('support'))).toEqual(new Set(['login', 'setFounder']));
    expect((await audit('support', { target: `member:${member}` })).items).toEqual([expect.objectContaining({ action: 'setFounder' })]);
  });

  it('an admin reads everything, every operator’s sign-ins and the CLI’s rows included', async () => {
    const page = await audit('admin');
    for (const action of [
      'login',
      'rejectWithdrawal',
      'setFounder',
      'saveNotice',
      'setWalletMinimum',
      'settings.approvalThreshold',
      'cli:wallet.minimum',
      'operator.add',
    ]) {
      expect(actions(page).has(action), action).toBe(true);
    }
    const [{ n }] = (await rowsOf<{ n: number }>(s.db, sql`select count(*)::int as n from audit_log`)) as [{ n: number }];
    expect(page.total).toBe(n);
    expect(new Set(page.items.filter((r) => r.action === 'login').map((r) => r.operator))).toEqual(new Set(Object.values(addresses)));
  });
});

describe('every audit action the server writes belongs to an endpoint', () => {
  it('names, for each action a domain writes under its own name, the endpoint whose roles read it (else only an admin would)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { endpointOfAction, isSignIn } = await import('../operators/audit-scope');
    const root = join(__dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.startsWith('test'));
    const written = new Set(files.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/action: '([^']+)'/g)].map((m) => m[1]!)));
    expect(written.size).toBeGreaterThan(5);
    expect([...written].filter((a) => !isSignIn(a) && !endpointOfAction(a))).toEqual([]);
  });
});
