import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../stack/mail-catcher';
import { emailCodes } from '../email/tables';
import { users } from '../users/tables';
import { testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
  s = await testServer({ smtp: { url: catcher.smtpUrl, from: 'WLD Staking <no-reply@test.example>' } });
});
afterAll(async () => {
  await s.close();
  await catcher.stop();
});

/** The code in the newest mail the catcher received for this address (what the member reads). */
const codeFor = (email: string) => {
  const mail = catcher
    .messages()
    .filter((m) => m.to.includes(email))
    .at(-1);
  return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
};
const emailOf = async (account: { address: string }) => (await s.call('userapi/getUserInfo', account)).data.email;
const minute = () => s.clock.advance(61_000);

describe('binding an email with a code sent by SMTP', () => {
  it('sends a 6-digit code in the reader language and binds with it once', async () => {
    const member = await s.user();
    const sent = await s.call('emailapi/sendCode', member, { scene: 'bind', email: ' Alice@Example.COM ' }, { language: 'zh' });
    expect(sent).toMatchObject({ status: 1, data: { email: 'a***@example.com', expires_in: '600', resend_in: '60' } });
    const mail = catcher.messages().at(-1)!;
    expect(mail).toMatchObject({ to: ['alice@example.com'], from: 'no-reply@test.example' });
    expect(mail.text).toContain('您的验证码是');
    const code = codeFor('alice@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash is stored.
    const [row] = await s.db.select().from(emailCodes).orderBy(emailCodes.id);
    expect(row!.codeHash).not.toContain(code);

    expect(await s.call('emailapi/bindEmail', member, { email: 'alice@example.com', code })).toMatchObject({ status: 1, data: { email: 'alice@example.com' } });
    expect(await emailOf(member)).toBe('alice@example.com');
    // Single use, and a second bind is a change.
    expect(await s.call('emailapi/bindEmail', member, { email: 'alice@example.com', code })).toMatchObject({
      status: 0,
      info: 'An email is already bound: change it instead',
    });
  });

  it('refuses an email another member holds, before sending anything', async () => {
    const member = await s.user();
    const before = catcher.messages().length;
    expect(await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'ALICE@example.com' })).toMatchObject({
      status: 0,
      info: 'This email is already bound to another member',
    });
    expect(catcher.messages().length).toBe(before);
  });

  it.each([
    [{ scene: 'bind' }, 'Please enter your email first'],
    [{ scene: 'bind', email: '  ' }, 'Please enter your email first'],
    [{ scene: 'bind', email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ scene: 'bind', email: 'a@b' }, 'Please enter a valid email address'],
    [{ scene: 'bind', email: 'a b@example.com' }, 'Please enter a valid email address'],
    [{ scene: 'change-old' }, 'Please bind an email first'],
    [{ scene: 'nonsense', email: 'x@example.com' }, 'Invalid field: scene'],
  ])('refuses %o with a clear message', async (payload, info) => {
    const member = await s.user();
    expect(await s.call('emailapi/sendCode', member, payload as Record<string, string>)).toMatchObject({ status: 0, info });
  });

  it('allows one send a minute per member and per email', async () => {
    const member = await s.user();
    const other = await s.user();
    minute();
    expect((await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'rate@example.com' })).status).toBe(1);
    expect(await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'another@example.com' })).toMatchObject({
      status: 0,
      info: 'A code was just sent: please wait 60 s before asking again',
    });
    expect(await s.call('emailapi/sendCode', other, { scene: 'bind', email: 'rate@example.com' })).toMatchObject({ status: 0 });
    // Another scene of the same member is its own minute, but the same email is still refused.
    expect(await s.call('emailapi/sendCode', member, { scene: 'change-new', email: 'rate@example.com' })).toMatchObject({
      status: 0,
      info: 'Please bind an email first',
    });
    s.clock.advance(30_000);
    expect(await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'rate@example.com' })).toMatchObject({
      info: 'A code was just sent: please wait 30 s before asking again',
    });
    minute();
    expect((await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'rate@example.com' })).status).toBe(1);
  });

  it('ends a code after 5 wrong tries and after 10 minutes', async () => {
    const member = await s.user();
    minute();
    await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'tries@example.com' });
    const code = codeFor('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await s.call('emailapi/bindEmail', member, { email: 'tries@example.com', code: '' })).toMatchObject({ info: 'Please enter the verification code' });
    for (let i = 0; i < 4; i++)
      expect(await s.call('emailapi/bindEmail', member, { email: 'tries@example.com', code: wrong })).toMatchObject({
        info: 'The verification code is wrong or has expired',
      });
    expect(await s.call('emailapi/bindEmail', member, { email: 'tries@example.com', code: 'abc' })).toMatchObject({
      info: 'Too many wrong codes: please request a new one',
    });
    expect(await s.call('emailapi/bindEmail', member, { email: 'tries@example.com', code })).toMatchObject({
      info: 'Too many wrong codes: please request a new one',
    });
    expect(await emailOf(member)).toBe('');

    minute();
    await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'tries@example.com' });
    const fresh = codeFor('tries@example.com');
    s.clock.advance(601_000);
    expect(await s.call('emailapi/bindEmail', member, { email: 'tries@example.com', code: fresh })).toMatchObject({
      info: 'The verification code is wrong or has expired',
    });
    // A code is for the email it was sent to.
    minute();
    await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'tries@example.com' });
    expect(await s.call('emailapi/bindEmail', member, { email: 'other@example.com', code: codeFor('tries@example.com') })).toMatchObject({
      info: 'The verification code is wrong or has expired',
    });
    expect(await emailOf(member)).toBe('');
  });

  it('changes the email with a code to the current one and a code to the new one', async () => {
    const member = await s.user();
    minute();
    await s.call('emailapi/sendCode', member, { scene: 'bind', email: 'old@example.com' });
    await s.call('emailapi/bindEmail', member, { email: 'old@example.com', code: codeFor('old@example.com') });

    minute();
    expect(await s.call('emailapi/sendCode', member, { scene: 'change-old' })).toMatchObject({ status: 1, data: { email: 'o***@example.com' } });
    const oldCode = codeFor('old@example.com');
    expect(await s.call('emailapi/sendCode', member, { scene: 'change-new', email: '' })).toMatchObject({ info: 'Please enter the new email' });
    expect(await s.call('emailapi/sendCode', member, { scene: 'change-new', email: 'OLD@example.com' })).toMatchObject({
      info: 'The new email is the same as the current one',
    });
    expect((await s.call('emailapi/sendCode', member, { scene: 'change-new', email: 'new@example.com' })).status).toBe(1);
    const newCode = codeFor('new@example.com');

    // The codes are not interchangeable: the current email's code does not confirm the new one.
    expect(
      await s.call('emailapi/changeEmail', member, { old_code: oldCode, email: 'new@example.com', code: oldCode === newCode ? '000001' : oldCode }),
    ).toMatchObject({ status: 0 });
    expect(await emailOf(member)).toBe('old@example.com');
    expect(await s.call('emailapi/changeEmail', member, { old_code: oldCode, email: 'new@example.com', code: newCode })).toMatchObject({
      status: 1,
      data: { email: 'new@example.com' },
    });
    expect(await emailOf(member)).toBe('new@example.com');
    const [row] = await s.db.select({ email: users.email }).from(users).where(eq(users.address, member.address));
    expect(row!.email).toBe('new@example.com');
  });
});

describe('without SMTP configured', () => {
  it('answers that sending email is off', async () => {
    const off = await testServer();
    try {
      const member = await off.user();
      expect(await off.call('emailapi/sendCode', member, { scene: 'bind', email: 'x@example.com' })).toMatchObject({
        status: 0,
        info: 'Sending email is not configured on this server',
      });
      expect(await off.db.select().from(emailCodes)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('leaves no code behind when the SMTP server cannot be reached', async () => {
    const down = await testServer({ smtp: { url: 'smtp://127.0.0.1:9', from: 'x@test.example' } });
    try {
      const member = await down.user();
      expect(await down.call('emailapi/sendCode', member, { scene: 'bind', email: 'x@example.com' })).toMatchObject({
        status: 0,
        info: 'The email could not be sent, please try again later',
      });
      expect(await down.db.select().from(emailCodes)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
