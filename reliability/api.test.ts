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
import { applyRedemption, stake } from '../server/staking/service';
import { findUser } from '../server/users/registry';
import { freshDatabaseUrl, newAccount, testDatabaseUrls } from '../server/test/harness';
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
  database = await openDatabase(testDatabaseUrls(url));
  lv = await seedLevels(database.db);
  await runOp(database.db, 'root.add', [alice.address]);
  for (const who of [alice, bob]) await deposit(database.db, systemClock, who.address, '5000');
  server = await startServer({ databaseUrl: url });
  sessions.set(alice.address, await joinAndLogin(server.apiUrl, alice));
  sessions.set(bob.address, await joinAndLogin(server.apiUrl, bob, alice.address));
  // Something of each kind to point ids at: stakes, a mail.
  for (const who of [alice, bob])
    await stake({ db: database.db, clock: systemClock }, (await findUser(database.db, who.address))!, {
      levelId: Number(lv.small),
      periodId: Number(lv.smallTen),
    });
  await call(server.apiUrl, 'mailapi/sendMail', alice.address, { title: 'hello', content: 'a first mail' }, sessions.get(alice.address));
  await call(server.apiUrl, 'mailapi/sendMail', bob.address, { title: 'hello', content: 'a mail of bob' }, sessions.get(bob.address));
  for (const who of [alice, bob]) await runOp(database.db, 'mail.send', [who.address, 'From the admin', 'to', 'one', 'member']);
  observer = await connect(url);
  await refreshKnownIds();
  snapshot = await snapshotter(observer);
});
async function refreshKnownIds() {
  const { rows } = await observer.query<{ id: string }>('select id::text from stakes union select id::text from mails');
  knownIds.splice(0, knownIds.length, ...rows.map((r) => r.id));
}
afterAll(async () => {
  await server?.kill('SIGTERM');
  await observer?.end();
  await database?.close();
});

/** Ids of rows the members own (stakes, mails), filled in beforeAll and in the cross-member test: the fuzzer names them. */
const knownIds: string[] = [];
const knownId = fc.nat().map((i) => knownIds[i % Math.max(knownIds.length, 1)] ?? '1');

/**
 * The field of each endpoint that names a member's own row, and that row's table: a call naming another member's
 * row there must be refused. getNonce words a staking action on a stake (purposes that carry `pledge_id`).
 */
const OWNED: Partial<Record<EndpointName, { field: 'pledge_id' | 'id'; table: 'stakes' | 'mails'; purposes?: string[] }>> = {
  closeExpire: { field: 'pledge_id', table: 'stakes' },
  investUpgrade: { field: 'pledge_id', table: 'stakes' },
  applyRedeem: { field: 'pledge_id', table: 'stakes' },
  confirmRedeem: { field: 'pledge_id', table: 'stakes' },
  getNonce: { field: 'pledge_id', table: 'stakes', purposes: ['investUpgrade', 'applyRedeem', 'confirmRedeem'] },
  getMailDetail: { field: 'id', table: 'mails' },
  replyMail: { field: 'id', table: 'mails' },
};

/** Whether an accepted call named a row of a member other than the caller (a stranger owns nothing). */
async function crossMember(name: EndpointName, payload: Record<string, string>, caller: string): Promise<boolean> {
  const owned = OWNED[name];
  const value = owned && payload[owned.field];
  if (!owned || value === undefined || !/^\d{1,9}$/.test(value)) return false;
  if (owned.purposes && !owned.purposes.includes(payload.purpose ?? '')) return false;
  const { rows } = await observer.query<{ address: string }>(`select u.address from ${owned.table} x join users u on u.id = x.user_id where x.id = $1`, [
    Number(value),
  ]);
  return rows.length > 0 && rows[0]!.address.toLowerCase() !== caller.toLowerCase();
}

// Values around every field rule of lib/api/fields.ts and the schemas: valid ones, edges and hostile text.
const hostile = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1',
    '2',
    '3',
    '2147483647',
    '2147483648',
    '99999999999',
    '1e3',
    '1.5',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[object Object]',
    "' or 1=1 --",
    "'; drop table users; --",
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uFFFF',
    '\u202E',
    '😀'.repeat(50),
    'A'.repeat(25_000),
    '0x',
    `0x${'0'.repeat(40)}`,
    `0x${'f'.repeat(64)}`,
    `0x${'f'.repeat(130)}`,
    'f'.repeat(32),
    'f'.repeat(64),
    'login',
    'reg',
    ...SIGNED_ACTIONS,
    'direct',
    'team',
    'inbox',
    'sent',
    'bind',
    'change',
    'a@b.c',
    '11',
    '1101',
    `${'a'.repeat(32)},${'b'.repeat(32)},${'c'.repeat(32)}`,
  ),
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
  // Fields that name a row are often a real one, the caller's or the other member's.
  const value = (k: string) => (k === 'pledge_id' || k === 'id' ? fc.oneof({ arbitrary: knownId, weight: 3 }, { arbitrary: hostile, weight: 1 }) : hostile);
  const own = fc.record(Object.fromEntries([...keys, ...signed].map((k) => [k, value(k)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'toString', 'extra', 'page[]', 'id[0]', 'x'.repeat(300)), hostile, { maxKeys: 2 });
  return fc.tuple(own, extra).map(([o, e]) => ({ ...e, ...o }) as Record<string, string>);
}

describe('fast-check fuzzing of every endpoint in the API contract', () => {
  it('answers every valid envelope with a hostile payload without a 5xx or "Server busy", and a refusal changes nothing', async () => {
    let fuzzed = 0;
    let fiveHundreds = 0;
    let busy = 0;
    let crossAccepted = 0;
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
          if (reply.status === 1 && (await crossMember(name, payload, caller.address))) {
            crossAccepted += 1;
            expect({ name, payload, caller: caller.address, accepted: "another member's row" }).toBeUndefined();
          }
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
    recordFigure('cross-member accepted', crossAccepted);
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
    await refusedAndNothingChanges(
      'confirmRedeem before applyRedeem',
      () => call(server.apiUrl, pathOf('confirmRedeem'), alice.address, early, guidOf(alice)),
      early.nonce,
    );
    await accept('applyRedeem', alice, { pledge_id: endedId });
    await refusedAndNothingChanges('the early confirmRedeem after applyRedeem', () =>
      call(server.apiUrl, pathOf('confirmRedeem'), alice.address, early, guidOf(alice)),
    );
    await accept('confirmRedeem', alice, { pledge_id: endedId });
    expect(new Set(accepted.map((a) => a.purpose))).toEqual(new Set(PURPOSES));

    for (const a of accepted) {
      await refusedAndNothingChanges(`${a.purpose} replayed as sent`, () => send(server.apiUrl, pathOf(a.purpose), a.raw));
      await refusedAndNothingChanges(`${a.purpose} replayed in a fresh envelope`, () =>
        call(server.apiUrl, pathOf(a.purpose), a.who.address, a.fields, guidOf(a.who)),
      );
    }
    // Cross-used: a fresh, unused signature of one action on every other action (with that action's fields),
    // on the same action with other fields, and by another address.
    const fieldsOf = (purpose: string): Record<string, string> => accepted.find((a) => a.purpose === purpose)!.fields;
    const strip = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'nonce' && k !== 'signature'));
    // getNonce describes the action, so the upgrade's challenge needs a stake that can still move up.
    const spare = (await stake({ db, clock: systemClock }, (await findUser(db, alice.address))!, { levelId: Number(lv.small), periodId: Number(lv.smallTen) }))
      .pledge_id;
    const sourceFields = (purpose: string) => (purpose === 'investUpgrade' ? { pledge_id: spare, order_id: lv.big } : strip(fieldsOf(purpose)));
    for (const from of PURPOSES) {
      const who = from === 'reg' ? newAccount() : from === 'login' ? carol : alice;
      const { nonce, signature } = await signedFields(server.apiUrl, who, from, sourceFields(from), guidOf(who));
      for (const to of PURPOSES.filter((p) => p !== from)) {
        const target = to === 'reg' ? newAccount() : to === 'login' ? carol : alice;
        await refusedAndNothingChanges(`${from}'s signature on ${to}`, () =>
          call(server.apiUrl, pathOf(to), target.address, { ...strip(fieldsOf(to)), nonce, signature }, guidOf(target)),
        );
      }
      await refusedAndNothingChanges(`${from}'s signature from another address`, () =>
        call(server.apiUrl, pathOf(from), bob.address, { ...sourceFields(from), nonce, signature }, guidOf(bob)),
      );
      if (from !== 'login') {
        const other = Object.fromEntries(
          Object.entries(sourceFields(from)).map(([k, v]) => [
            k,
            k === 'intro_address' ? bob.address : k === 'pledge_id' ? (v === pledge ? endedId : pledge) : v === lv.small ? lv.big : lv.small,
          ]),
        );
        await refusedAndNothingChanges(`${from}'s signature with other fields`, () =>
          call(server.apiUrl, pathOf(from), who.address, { ...other, nonce, signature }, guidOf(who)),
        );
      }
    }
    recordFigure('replays refused', refused);
  });
});

describe("another member's ids", () => {
  it("refuses each member's every call that names the other's stake or mail, with all else valid and each row live for its owner: no cross-member call accepted, nothing changed", async () => {
    const shape = (n: EndpointName) => (inputs[n] as unknown as { shape: Record<string, unknown> }).shape;
    // Every endpoint with a field naming a row; a notice is everyone's (apply's photo ids: server/test/community.test.ts).
    expect((Object.keys(endpoints) as EndpointName[]).filter((n) => n !== 'getNoticeDetail' && ('id' in shape(n) || 'pledge_id' in shape(n))).sort()).toEqual(
      Object.keys(OWNED).sort(),
    );
    const db = database.db;
    // Per member: a stake that can move up (beforeAll's) and one in its redemption window, applied for.
    for (const who of [alice, bob]) {
      const member = (await findUser(db, who.address))!;
      const { pledge_id } = await stake({ db, clock: systemClock }, member, { levelId: Number(lv.small), periodId: Number(lv.smallTen) });
      await backdateStakes(db, '10 days 1 hour', sql`s.id = ${Number(pledge_id)}`);
      await applyRedemption({ db, clock: systemClock }, member, Number(pledge_id));
    }
    await refreshKnownIds();
    const rows = async (who: LocalAccount, table: 'stakes' | 'mails') =>
      (await observer.query<{ id: string }>(`select x.id::text from ${table} x join users u on u.id = x.user_id where u.address = $1`, [who.address])).rows.map(
        (r) => r.id,
      );
    const fieldsFor = (name: EndpointName, id: string): Record<string, string>[] => {
      if (name === 'getNonce')
        return OWNED.getNonce!.purposes!.map((purpose) => ({ purpose, pledge_id: id, ...(purpose === 'investUpgrade' ? { order_id: lv.big } : {}) }));
      if (name === 'investUpgrade') return [{ pledge_id: id, order_id: lv.big }];
      if (name === 'replyMail') return [{ id, title: 'Re', content: 'not mine' }];
      return [{ [OWNED[name]!.field]: id }];
    };
    let refused = 0;
    let accepted = 0;
    const before = await snapshot();
    for (const [caller, owner] of [
      [bob, alice],
      [alice, bob],
    ] as const) {
      for (const name of Object.keys(OWNED) as EndpointName[]) {
        for (const id of await rows(owner, OWNED[name]!.table)) {
          for (const fields of fieldsFor(name, id)) {
            const guid = sessions.get(caller.address);
            let reply: Reply;
            let challenge = 0;
            if (endpoints[name].access === 'signed') {
              // The action's own challenge, as the app asks for it: getNonce must refuse; if it words the
              // stake anyway, that is one accepted call, and the signed action is sent to see whether it acts.
              reply = await call(server.apiUrl, endpoints.getNonce.path, caller.address, { purpose: name, ...fields }, guid);
              challenge = reply.status;
              if (reply.status === 1) {
                accepted += 1;
                const signature = await caller.signMessage({ message: String(reply.data.message) });
                reply = await call(server.apiUrl, endpoints[name].path, caller.address, { ...fields, nonce: String(reply.data.nonce), signature }, guid);
              }
            } else {
              reply = await call(server.apiUrl, endpoints[name].path, caller.address, fields, guid);
            }
            expect({ name, fields, http: reply.http }).toEqual({ name, fields, http: 200 });
            if (reply.status === 1) accepted += 1;
            else refused += 1;
            expect({ name, fields, caller: caller.address, challenge, status: reply.status }).toEqual({
              name,
              fields,
              caller: caller.address,
              challenge: 0,
              status: 0,
            });
          }
        }
      }
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
    recordFigure('cross-member refused', refused);
    recordFigure('cross-member accepted', accepted);
    expect(refused).toBeGreaterThan(20);
  });
});
