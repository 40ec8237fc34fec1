import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import pg from 'pg';
import { inject } from 'vitest';
import { type Hex, toHex } from 'viem';
import { type Purpose, SIGNED_ACTIONS } from '../../lib/api/purposes';
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { signEnvelope } from '../../lib/envelope';
import type { Clock } from '../clock';
import { type ServerConfig, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createApp } from '../http/app';
import type { Deps } from '../http/route';
import { runOp } from '../admin/ops';
import { createMetrics } from '../metrics/metrics';
import type { ScrapeSources } from '../metrics/scraped';
import { pgliteImage } from './global-setup';

export const API_KEY = 'test-api-key';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms), set: (d: Date) => (now = d.getTime()) } satisfies Clock & Record<string, unknown>;
}

export const newAccount = () => privateKeyToAccount(toHex(randomBytes(32)));

/** The server's role on the test cluster: it owns nothing (docs/deploy.md, "Two database roles"). */
export const TEST_SERVER_ROLE = 'wld_server';

/**
 * A fresh, empty database on the PostgreSQL of `url` (TEST_DATABASE_URL, whose role owns what migrations create):
 * its URL as the server's role, which is created on the cluster once.
 */
export async function freshDatabaseUrl(url: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`do $$ begin create role ${TEST_SERVER_ROLE} login; exception when duplicate_object or unique_violation then null; end $$`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  u.username = TEST_SERVER_ROLE;
  u.password = '';
  return u.toString();
}

/** The URLs openDatabase takes for a test database: the server's (freshDatabaseUrl) and its owner's, TEST_DATABASE_URL's role. */
export function testDatabaseUrls(serverUrl: string): { databaseUrl: string; migrationUrl: string } {
  const owner = new URL(serverUrl);
  const base = new URL(process.env.TEST_DATABASE_URL!);
  owner.username = base.username;
  owner.password = base.password;
  return { databaseUrl: serverUrl, migrationUrl: owner.toString() };
}

/**
 * PGlite in memory (from the run's migrated image, server/test/global-setup.ts), or a fresh database on the
 * PostgreSQL of TEST_DATABASE_URL, migrated as its owner and queried as the server's role.
 */
export async function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ pgliteImage: await pgliteImage(inject('pgliteImagePath') ?? '') });
  return openDatabase(testDatabaseUrls(await freshDatabaseUrl(url)));
}

export type Reply = { status: number; info: string; data: Record<string, unknown> & unknown };

/** `metered`: the app measures into metrics of its own (server/metrics/), whose scrape-time gauges read these sources too. */
export async function testServer(
  overrides: Partial<ServerConfig> = {},
  extra: Pick<Deps, 'payments' | 'logger' | 'issued'> & { metered?: Pick<ScrapeSources, 'chainHead' | 'coverage'> } = {},
) {
  const database = await testDatabase();
  const clock = manualClock();
  const config = { ...loadConfig({ API_KEY, NODE_ENV: 'test' }), ...overrides };
  const { metered, ...given } = extra;
  const metrics = metered && createMetrics({ db: database.db, clock, ...metered });
  const app = createApp({ db: database.db, clock, config, ...given, metrics });
  const sessions = new Map<string, string>();

  /** A signed form-encoded POST as the app sends it (to `via`, another server on the same database, when given). */
  async function call(
    path: string,
    account: { address: string },
    payload: Record<string, string> = {},
    opts: { ust?: number; language?: string; guid?: string; origin?: string; via?: Hono } = {},
  ): Promise<Reply> {
    const fields: Record<string, string> = {
      ...payload,
      ust: String(opts.ust ?? Math.floor(clock.now().getTime() / 1000)),
      language: opts.language ?? 'en',
      address: account.address,
    };
    const guid = opts.guid ?? sessions.get(account.address);
    if (guid) fields.guid = guid;
    fields.sign = signEnvelope(fields, API_KEY);
    const res = await (opts.via ?? app).request(`/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.origin ? { origin: opts.origin } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    return (await res.json()) as Reply;
  }

  /** getNonce for a purpose and its fields: the reply, with the message the wallet would show. */
  async function challenge(account: { address: string }, purpose: Purpose, fields: Record<string, string> = {}, opts: { language?: string; via?: Hono } = {}) {
    const reply = await call('publicapi/getNonce', account, { purpose, ...fields }, opts);
    return { reply, nonce: String(reply.data.nonce), message: String(reply.data.message) };
  }

  /** The wallet's signature of a fresh challenge, as the app sends it (`nonce`, `signature`). */
  async function signed(account: LocalAccount, purpose: Purpose, fields: Record<string, string> = {}, opts: { via?: Hono } = {}) {
    const { reply, nonce, message } = await challenge(account, purpose, fields, opts);
    if (reply.status !== 1) throw new Error(`getNonce ${purpose}: ${reply.info}`);
    const signature: Hex = await account.signMessage({ message });
    return { nonce, signature };
  }

  const signedNonce = (account: LocalAccount) => signed(account, 'login');

  /** A call as the app makes it: for a signed endpoint, the challenge for these fields first (its refusal is the answer). */
  async function act(path: string, account: LocalAccount, fields: Record<string, string> = {}, purpose = path.split('/')[1] as Purpose): Promise<Reply> {
    if (!(SIGNED_ACTIONS as readonly string[]).includes(purpose) && purpose !== 'reg') return call(path, account, fields);
    const { reply, nonce, message } = await challenge(account, purpose, fields);
    if (reply.status !== 1) return reply;
    return call(path, account, { ...fields, nonce, signature: await account.signMessage({ message }) });
  }

  const register = (account: LocalAccount, inviter: { address: string }) => act('publicapi/reg', account, { intro_address: inviter.address });

  async function login(account: LocalAccount) {
    const reply = await call('publicapi/login', account, await signedNonce(account));
    if (reply.status === 1) sessions.set(account.address, String(reply.data.guid));
    return reply;
  }

  /** A registered, logged-in user under `inviter` (a root user when omitted). */
  async function user(inviter?: { address: string }) {
    const account = newAccount();
    const parent = inviter ?? (await root());
    const reg = await register(account, parent);
    if (reg.status !== 1) throw new Error(`register failed: ${reg.info}`);
    await login(account);
    return account;
  }

  async function root() {
    const account = newAccount();
    await runOp(database.db, 'root.add', [account.address]);
    return account;
  }

  return {
    app,
    db: database.db,
    asOwner: database.asOwner,
    image: database.image,
    clock,
    config,
    metrics,
    call,
    challenge,
    signed,
    signedNonce,
    act,
    register,
    login,
    user,
    root,
    sessions,
    close: database.close,
  };
}
