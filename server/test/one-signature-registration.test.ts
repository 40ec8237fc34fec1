import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonces } from '../auth/tables';
import { newAccount, testServer } from './harness';

// One signature over the registration message registers and signs in (no second signature for the login right
// after); the spec's reg-then-login still works.
let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  s = await testServer();
});
afterAll(() => s.close());

describe('one signature registers and signs in', () => {
  it("reg answers with a session the member's calls accept, after one challenge whose message says it signs in", async () => {
    const [root, member] = [await s.root(), newAccount()];
    const { reply, nonce, message } = await s.challenge(member, 'reg', { intro_address: root.address });
    expect(reply.status).toBe(1);
    expect(message).toContain(`Register on WLD Staking with inviter ${root.address} and sign in with this wallet.`);
    const reg = await s.call('publicapi/reg', member, { intro_address: root.address, nonce, signature: await member.signMessage({ message }) });
    expect(reg.status).toBe(1);
    const guid = String((reg.data as { guid?: string }).guid);
    expect(guid).toMatch(/^[0-9a-f]{64}$/);

    const info = await s.call('userapi/getUserInfo', member, {}, { guid });
    expect(info.status).toBe(1);
    // Exactly one challenge was issued to the new member: one signature in the wallet.
    expect(await s.db.select().from(nonces).where(eq(nonces.address, member.address))).toHaveLength(1);
  });

  it("says so in every language's registration message", async () => {
    const root = await s.root();
    const words = { zh: '并使用此钱包登录', cht: '並使用此錢包登入', fra: 'et connexion avec ce portefeuille', kor: '이 지갑으로 로그인합니다' };
    for (const [language, phrase] of Object.entries(words)) {
      const { reply, message } = await s.challenge(newAccount(), 'reg', { intro_address: root.address }, { language });
      expect(reply.status, language).toBe(1);
      expect(message, language).toContain(phrase);
    }
  });

  it("keeps the spec's two calls working: a login after reg opens a new session and ends reg's", async () => {
    const [root, member] = [await s.root(), newAccount()];
    const reg = await s.register(member, root);
    expect(reg.status).toBe(1);
    const first = String((reg.data as { guid: string }).guid);
    expect((await s.login(member)).status).toBe(1);
    const second = s.sessions.get(member.address)!;
    expect(second).not.toBe(first);
    expect((await s.call('userapi/getUserInfo', member, {}, { guid: second })).status).toBe(1);
    expect((await s.call('userapi/getUserInfo', member, {}, { guid: first })).info).toBe('302');
  });

  it('opens no session when the registration is refused', async () => {
    const [root, member] = [await s.root(), newAccount()];
    expect((await s.register(member, root)).status).toBe(1);
    const again = await s.register(member, root);
    expect(again.status).not.toBe(1);
    expect((again.data as { guid?: string } | null)?.guid).toBeUndefined();
  });
});
