import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LocalAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from '../lib/api/contract';
import * as inputs from '../lib/api/inputs';
import { PURPOSES, SIGNED_ACTIONS } from '../lib/api/purposes';
import { signEnvelope } from '../lib/envelope';
import { runOp } from '../server/admin/ops';
import { systemClock } from '../server/clock';
import { type Database, openDatabase } from '../server/db/client';
import { translate } from '../server/i18n';
import { stake } from '../server/staking/service';
import { findUser } from '../server/users/registry';
import { freshDatabaseUrl, newAccount } from '../server/test/harness';
import { deposit, seedLevels } from '../server/test/money';
import { type Reply, call, joinAndLogin, send, signedFields } from './support/client';
import { connect } from './support/postgres';
import { API_KEY, type ServerProcess, postgresUrl, recordFigure, startServer } from './support/server';
import { changedTables, snapshotter } from './support/snapshot';
import { backdateStakes } from './support/stakes';

const BUSY = translate('internal', 'en');
const FUZZ_RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 25);

let server: ServerProcess;
let database: Database;
let observer: Awaited<ReturnType<typeof connect>>;
let snapshot: () => Promise<Map<string, string>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
const alice = newAccount();
const bob = newAccount();
const sessions = new Map<string, string>();

beforeAll(async () => {
  const url = await freshDatabaseUrl(postgresUrl());
  database = await openDatabase({ databaseUrl: url });
  lv = await seedLevels(database.db);
  await runOp(database.db, 'root.add', [alice.address]);
  for (const who of [alice, bob]) await deposit(database.db, systemClock, who.address, '5000');
  server = await startServer({ databaseUrl: url });
  sessions.set(alice.address, await joinAndLogin(server.apiUrl, alice));
  sessions.set(bob.address, await joinAndLogin(server.apiUrl, bob, alice.address));
  // Something of each kind to point ids at: stakes, a mail.
  for (const who of [alice, bob]) await stake({ db: database.db, clock: systemClock }, (await findUser(database.db, who.address))!, { levelId: Number(lv.small), periodId: Number(lv.smallTen) });
  await call(server.apiUrl, 'mailapi/sendMail', alice.address, { title: 'hello', content: 'a first mail' }, sessions.get(alice.address));
  observer = await connect(url);
  snapshot = await snapshotter(observer);
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await observer?.end();
  await database?.close();
});

// Values around every field rule of lib/api/fields.ts and the schemas: valid ones, edges and hostile text.
const hostile = fc.oneof(
  fc.constantFrom('', ' ', '0', '-1', '1', '2', '3', '2147483647', '2147483648', '99999999999', '1e3', '1.5', 'NaN', 'Infinity', 'null', 'undefined', 'true',
    '[object Object]', "' or 1=1 --", "'; drop table users; --", '<script>alert(1)</script>', 'javascript:alert(1)', '../../etc/passwd', '%00', '\u0000', '\uFFFF',
    '\u202E', '😀'.repeat(50), 'A'.repeat(25_000), '0x', `0x${'0'.repeat(40)}`, `0x${'f'.repeat(64)}`, `0x${'f'.repeat(130)}`, 'f'.repeat(32), 'f'.repeat(64),
    'login', 'reg', ...SIGNED_ACTIONS, 'direct', 'team', 'inbox', 'sent', 'bind', 'change', 'a@b.c', '11', '1101', `${'a'.repeat(32)},${'b'.repeat(32)},${'c'.repeat(32)}`),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.constant(alice.address),
  fc.constant(bob.address),
);

/** A payload from the endpoint's own schema: each field absent or a generated value, plus unknown keys. */
function payloadFor(name: EndpointName) {
  const keys = Object.keys((inputs[name] as unknown as { shape: Record<string, unknown> }).shape);
  const signed = endpoints[name].access === 'signed' ? ['nonce', 'signature'] : [];
  const own = fc.record(Object.fromEntries([...keys, ...signed].map((k) => [k, hostile])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'toString', 'extra', 'page[]', 'id[0]', 'x'.repeat(300)), hostile, { maxKeys: 2 });
  return fc.tuple(own, extra).map(([o, e]) => ({ ...e, ...o }) as Record<string, string>);
}

describe('fast-check fuzzing of every endpoint in the API contract', () => {
  it('answers every valid envelope with a hostile payload without a 5xx or "Server busy", and a refusal changes nothing', async () => {
    let fuzzed = 0;
    let fiveHundreds = 0;
    let busy = 0;
    let baseline = await snapshot();
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const endpoint = endpoints[name];
      await fc.assert(
        fc.asyncProperty(payloadFor(name), fc.constantFrom(alice, bob, undefined), async (payload, who) => {
          const caller = who ?? newAccount();
          const reply: Reply = await call(server.apiUrl, endpoint.path, caller.address, payload, who && sessions.get(who.address));
          fuzzed += 1;
          if (reply.http >= 500) fiveHundreds += 1;
          if (reply.info === BUSY) busy += 1;
          expect({ name, http: reply.http, info: reply.info }).not.toMatchObject({ info: BUSY });
          expect(reply.http, `${name} answered ${reply.http}`).toBeLessThan(500);
          const after = await snapshot();
          if (reply.status === 1) {
            baseline = after;
            if (name === 'logout' && who) sessions.set(who.address, await joinAndLogin(server.apiUrl, who));
            baseline = await snapshot();
          } else {
            expect({ name, payload, changed: changedTables(baseline, after) }).toEqual({ name, payload, changed: [] });
          }
        }),
        { numRuns: FUZZ_RUNS },
      );
    }
    recordFigure('requests fuzzed', fuzzed);
    recordFigure('5xx count', fiveHundreds);
    recordFigure('server busy', busy);
    expect(fuzzed).toBe(Object.keys(endpoints).length * FUZZ_RUNS);
  }, 600_000);
});

/** The raw form body of a call, to send again byte for byte. */
function body(address: string, payload: Record<string, string>, guid?: string) {
  const fields: Record<string, string> = { ...payload, ust: String(Math.floor(Date.now() / 1000)), language: 'en', address };
  if (guid) fields.guid = guid;
  fields.sign = signEnvelope(fields, API_KEY);
  return new URLSearchParams(fields).toString();
}

describe('replays of every signed action', () => {
  let refused = 0;
  /**
   * A call that must be refused and change nothing — but for `usedNonce`: a validly signed action its handler
   * refuses still uses its challenge up (server/http/route.ts), so that signature can never act later.
   */
  async function refusedAndNothingChanges(what: string, attempt: () => Promise<Reply>, usedNonce?: string) {
    const before = await snapshot();
    const reply = await attempt();
    expect({ what, http: reply.http }).toEqual({ what, http: 200 });
    expect(reply.status, `${what}: ${reply.info}`).not.toBe(1);
    expect({ what, changed: changedTables(before, await snapshot()) }).toEqual({ what, changed: usedNonce ? ['nonces'] : [] });
    if (usedNonce) expect((await observer.query('select used_at from nonces where nonce = $1', [usedNonce])).rows[0]?.used_at).toBeInstanceOf(Date);
    refused += 1;
  }
  const guidOf = (who: LocalAccount) => sessions.get(who.address);
  const pathOf = (purpose: string) => (purpose === 'login' || purpose === 'reg' ? `publicapi/${purpose}` : endpoints[purpose as EndpointName].path);

  it('refuses each accepted signed call sent again (as sent, and in a fresh envelope), reordered, or with another action’s signature', async () => {
    const db = database.db;
    const carol = newAccount();
    // The accepted calls, each then replayed.
    const accepted: { purpose: string; who: LocalAccount; fields: Record<string, string>; raw: string }[] = [];
    const accept = async (purpose: string, who: LocalAccount, fields: Record<string, string>) => {
      const signed = await signedFields(server.apiUrl, who, purpose, fields, guidOf(who));
      const raw = body(who.address, signed, guidOf(who));
      const reply = await send(server.apiUrl, pathOf(purpose), raw);
      expect({ purpose, status: reply.status, info: reply.info }).toMatchObject({ purpose, status: 1 });
      accepted.push({ purpose, who, fields: signed, raw });
      return reply;
    };
    await accept('reg', carol, { intro_address: alice.address });
    await accept('login', carol, {});
    const saved = await accept('investSave', alice, { order_id: lv.small, day_id: lv.smallTen });
    const pledge = String(saved.data.pledge_id);
    await accept('investUpgrade', alice, { pledge_id: pledge, order_id: lv.big });
    // A stake whose period ended an hour ago: in its redemption window.
    const ended = await accept('investSave', alice, { order_id: lv.small, day_id: lv.smallTen });
    const endedId = String(ended.data.pledge_id);
    await backdateStakes(db, '10 days 1 hour', sql`s.id = ${Number(endedId)}`);
    // Reordered: the confirmation signed and sent before the application is refused, and stays refused after it.
    const early = await signedFields(server.apiUrl, alice, 'confirmRedeem', { pledge_id: endedId }, guidOf(alice));
    await refusedAndNothingChanges('confirmRedeem before applyRedeem', () => call(server.apiUrl, pathOf('confirmRedeem'), alice.address, early, guidOf(alice)), early.nonce);
    await accept('applyRedeem', alice, { pledge_id: endedId });
    await refusedAndNothingChanges('the early confirmRedeem after applyRedeem', () => call(server.apiUrl, pathOf('confirmRedeem'), alice.address, early, guidOf(alice)));
    await accept('confirmRedeem', alice, { pledge_id: endedId });
    expect(new Set(accepted.map((a) => a.purpose))).toEqual(new Set(PURPOSES));

    for (const a of accepted) {
      await refusedAndNothingChanges(`${a.purpose} replayed as sent`, () => send(server.apiUrl, pathOf(a.purpose), a.raw));
      await refusedAndNothingChanges(`${a.purpose} replayed in a fresh envelope`, () => call(server.apiUrl, pathOf(a.purpose), a.who.address, a.fields, guidOf(a.who)));
    }
    // Cross-used: a fresh, unused signature of one action on every other action (with that action's fields),
    // on the same action with other fields, and by another address.
    const fieldsOf = (purpose: string): Record<string, string> => accepted.find((a) => a.purpose === purpose)!.fields;
    const strip = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'nonce' && k !== 'signature'));
    // getNonce describes the action, so the upgrade's challenge needs a stake that can still move up.
    const spare = (await stake({ db, clock: systemClock }, (await findUser(db, alice.address))!, { levelId: Number(lv.small), periodId: Number(lv.smallTen) })).pledge_id;
    const sourceFields = (purpose: string) => (purpose === 'investUpgrade' ? { pledge_id: spare, order_id: lv.big } : strip(fieldsOf(purpose)));
    for (const from of PURPOSES) {
      const who = from === 'reg' ? newAccount() : from === 'login' ? carol : alice;
      const { nonce, signature } = await signedFields(server.apiUrl, who, from, sourceFields(from), guidOf(who));
      for (const to of PURPOSES.filter((p) => p !== from)) {
        const target = to === 'reg' ? newAccount() : to === 'login' ? carol : alice;
        await refusedAndNothingChanges(`${from}'s signature on ${to}`, () => call(server.apiUrl, pathOf(to), target.address, { ...strip(fieldsOf(to)), nonce, signature }, guidOf(target)));
      }
      await refusedAndNothingChanges(`${from}'s signature from another address`, () => call(server.apiUrl, pathOf(from), bob.address, { ...sourceFields(from), nonce, signature }, guidOf(bob)));
      if (from !== 'login') {
        const other = Object.fromEntries(Object.entries(sourceFields(from)).map(([k, v]) => [k, k === 'intro_address' ? bob.address : k === 'pledge_id' ? (v === pledge ? endedId : pledge) : v === lv.small ? lv.big : lv.small]));
        await refusedAndNothingChanges(`${from}'s signature with other fields`, () => call(server.apiUrl, pathOf(from), who.address, { ...other, nonce, signature }, guidOf(who)));
      }
    }
    recordFigure('replays refused', refused);
  });
});
