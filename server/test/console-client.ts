import type { LocalAccount } from 'viem';
import { expect } from 'vitest';
import type { Role } from '../../lib/console-api/inputs';
import type { PayoutTypedData } from '../../lib/console-api/replies';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { createAdminApp } from '../http/routes-admin';
import { addOperator } from '../operators/operators';
import { newAccount } from './harness';

export type Envelope = { ok: boolean; data?: Record<string, unknown> & unknown; error?: { code: string; message: string } };
export type Session = { cookie: string; csrf: string };

/** The console's API as its page calls it (JSON, csrf header, cookie), on an admin app, with operators made by the CLI's path. */
export function consoleClient(admin: ReturnType<typeof createAdminApp>, db: Db, clock: Clock) {
  async function post(name: string, body: unknown, session?: Session, language = 'en') {
    const res = await admin.request(`/console/api/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': language,
        ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
  }
  /** An operator made with the admin token (the CLI's break-glass path): added by nobody. */
  async function cliOperator(roles: Role[]) {
    const account = newAccount();
    await addOperator(db, clock, null, { address: account.address, roles });
    return account;
  }
  async function signIn(account: LocalAccount): Promise<Session> {
    const message = String((await post('getNonce', { address: account.address })).body.data!.message);
    const login = await post('login', { message, signature: await account.signMessage({ message }) });
    expect(login.body.ok).toBe(true);
    return { cookie: login.headers.get('set-cookie')!.split(';')[0]!, csrf: String(login.body.data!.csrfToken) };
  }
  return { post, cliOperator, signIn };
}

/** An approval as the console's wallet signs it: approvalMessage's typed data (its amounts as decimal strings), eth_signTypedData_v4. */
export const signPayout = (account: LocalAccount, t: PayoutTypedData) =>
  account.signTypedData({ ...t, message: { ...t.message, requestId: BigInt(t.message.requestId), amount: BigInt(t.message.amount) } });
