import { parseSiweMessage } from 'viem/siwe';
import { ParsedMessage } from '@spruceid/siwe-parser';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonces, sessions } from '../auth/tables';
import { newAccount, testServer } from './harness';

const APP = 'https://app.example';
const GATEWAY = 'https://ipfs.example:8443';
const EVIL = 'https://evil.example';
const refusal = `This page is not ${APP}: sign in to WLD Staking only at ${APP}`;

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer({ appOrigins: [APP, GATEWAY] })));
afterAll(() => s.close());

const noncesOf = async (address: string) => (await s.db.select({ n: count() }).from(nonces).where(eq(nonces.address, address)))[0]!.n;
const sessionsOf = async (address: string) => (await s.db.select({ n: count() }).from(sessions).where(eq(sessions.address, address)))[0]!.n;

describe('Sign-In with Ethereum names only this site (EIP-4361 domain binding)', () => {
  it("refuses a sign-in or registration challenge asked from another site's page, and stores no nonce", async () => {
    const root = await s.root();
    const newcomer = newAccount();
    for (const origin of [EVIL, 'null', 'https://app.example.evil.example', 'http://app.example']) {
      expect(await s.call('publicapi/getNonce', root, { purpose: 'login' }, { origin })).toMatchObject({ status: 0, info: refusal });
      expect(await s.call('publicapi/getNonce', newcomer, { purpose: 'reg', intro_address: root.address }, { origin })).toMatchObject({
        status: 0,
        info: refusal,
      });
    }
    expect(await noncesOf(root.address)).toBe(0);
    expect(await noncesOf(newcomer.address)).toBe(0);
  });

  it('names the app origin the page is on, or the first one for a client that sends no Origin', async () => {
    const root = await s.root();
    const fromGateway = await s.call('publicapi/getNonce', root, { purpose: 'login' }, { origin: GATEWAY });
    expect(parseSiweMessage(String(fromGateway.data.message))).toMatchObject({ domain: 'ipfs.example:8443', uri: GATEWAY });
    const { message } = await s.challenge(root, 'login');
    expect(parseSiweMessage(message)).toMatchObject({ domain: 'app.example', uri: APP });
  });

  it('issues a message the reference parser (@spruceid/siwe-parser) reads: domain, URI, chain id, nonce, issued-at and expiry', async () => {
    const root = await s.root();
    const reply = await s.call('publicapi/getNonce', root, { purpose: 'login' }, { origin: APP });
    const siwe = new ParsedMessage(String(reply.data.message));
    expect(siwe).toMatchObject({
      domain: 'app.example',
      address: root.address,
      uri: APP,
      version: '1',
      chainId: 1,
      nonce: reply.data.nonce,
      statement: 'Sign in to WLD Staking with this wallet.',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T00:05:00.000Z',
    });
  });

  it("refuses a login or registration posted from another site's page, even with a valid signature, and opens no session", async () => {
    const root = await s.root();
    const signed = await s.signed(root, 'login');
    expect(await s.call('publicapi/login', root, signed, { origin: EVIL })).toMatchObject({ status: 0, info: refusal });
    expect(await sessionsOf(root.address)).toBe(0);
    // Refused before the nonce is spent: the member's own page can still use it.
    expect(await s.call('publicapi/login', root, signed, { origin: APP })).toMatchObject({ status: 1 });

    const newcomer = newAccount();
    const reg = await s.signed(newcomer, 'reg', { intro_address: root.address });
    expect(await s.call('publicapi/reg', newcomer, { ...reg, intro_address: root.address }, { origin: EVIL })).toMatchObject({ status: 0, info: refusal });
    expect(await s.call('publicapi/getUserExist', newcomer)).toMatchObject({ status: 0, info: '301' });
  });
});
