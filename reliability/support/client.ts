import type { LocalAccount } from 'viem/accounts';
import { signEnvelope } from '../../lib/envelope';
import { API_KEY } from './server';

export type Reply = { http: number; status: number; info: string; data: Record<string, unknown> };

/** The app's envelope around `payload` (ust now, language, address, session, md5 sign), form-encoded, over HTTP. */
export async function call(apiUrl: string, path: string, address: string, payload: Record<string, string> = {}, guid?: string): Promise<Reply> {
  const fields: Record<string, string> = { ...payload, ust: String(Math.floor(Date.now() / 1000)), language: 'en', address };
  if (guid) fields.guid = guid;
  fields.sign = signEnvelope(fields, API_KEY);
  return send(apiUrl, path, new URLSearchParams(fields).toString());
}

/** How long a call may wait for its reply: one that takes longer hangs, and fails the test that waits on it. */
export const REPLY_TIMEOUT_MS = 15_000;

/** A raw form body to a route: its HTTP status and the JSON reply. */
export async function send(apiUrl: string, path: string, body: string): Promise<Reply> {
  const res = await fetch(`${apiUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
  });
  const text = await res.text();
  let json: Partial<Reply>;
  try {
    json = JSON.parse(text) as Partial<Reply>;
  } catch {
    json = { status: -1, info: text.slice(0, 200) };
  }
  return { http: res.status, status: Number(json.status), info: String(json.info), data: (json.data ?? {}) as Record<string, unknown> };
}

/** The fields of a signed call: a fresh challenge for `purpose` and these fields, signed by the wallet. */
export async function signedFields(apiUrl: string, account: LocalAccount, purpose: string, fields: Record<string, string>, guid?: string) {
  const challenge = await call(apiUrl, 'publicapi/getNonce', account.address, { purpose, ...fields }, guid);
  if (challenge.status !== 1) throw new Error(`getNonce ${purpose}: ${challenge.info}`);
  const signature = await account.signMessage({ message: String(challenge.data.message) });
  return { ...fields, nonce: String(challenge.data.nonce), signature };
}

/** Registers under `inviter` and logs in over HTTP: the session's guid. */
export async function joinAndLogin(apiUrl: string, account: LocalAccount, inviter?: string): Promise<string> {
  if (inviter) {
    const reg = await call(apiUrl, 'publicapi/reg', account.address, await signedFields(apiUrl, account, 'reg', { intro_address: inviter }));
    if (reg.status !== 1) throw new Error(`reg: ${reg.info}`);
  }
  const login = await call(apiUrl, 'publicapi/login', account.address, await signedFields(apiUrl, account, 'login', {}));
  if (login.status !== 1) throw new Error(`login: ${login.info}`);
  return String(login.data.guid);
}
