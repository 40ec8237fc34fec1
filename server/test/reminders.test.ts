import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../stack/mail-catcher';
import { runOp } from '../admin/ops';
import { communityApplications } from '../community/tables';
import { openDatabase } from '../db/client';
import { smtpMailer } from '../email/mailer';
import { withdrawals } from '../ledger/tables';
import { mails } from '../mail/tables';
import { runReminders } from '../reminders/job';
import { LAST_CALL_MS } from '../reminders/collect';
import { emailOutbox } from '../reminders/tables';
import { stake } from '../staking/service';
import { findUser, setEmail } from '../users/registry';
import { deposit, seedLevels, withdrawRequest } from './money';
import { freshDatabaseUrl, manualClock, newAccount, testServer, testDatabaseUrls } from './harness';

const DAY = 86_400_000;
const links = { app: 'https://app.example', api: 'https://api.example' };
let catcher: MailCatcher;
let s: Awaited<ReturnType<typeof testServer>>;
const mailer = () => smtpMailer(catcher.smtpUrl, 'WLD Staking <no-reply@test.example>');
/** A mailer whose SMTP server is down: nothing listens on port 9 of loopback. */
const downMailer = () => smtpMailer('smtp://127.0.0.1:9', 'WLD Staking <no-reply@test.example>');
const run = (m = mailer()) => runReminders(s.db, s.clock, m, links);
const caughtFor = (email: string) => catcher.messages().filter((m) => m.to.includes(email));
const unsubscribeLink = (text: string) => /https:\/\/api\.example(\/email\/unsubscribe\?\S+)/.exec(text)?.[1];

/** A member with a bound email whose last email call was in `language` (the settings screen's, here). */
async function member(email: string, language: string) {
  const account = await s.user();
  const user = (await findUser(s.db, account.address))!;
  await setEmail(s.db, user.id, email);
  expect(await s.call('emailapi/getEmailReminders', account, {}, { language })).toMatchObject({ status: 1, data: { email_bound: '1' } });
  expect((await s.call('emailapi/setEmailReminder', account, { kind: 'stake', on: '1' }, { language })).status).toBe(1);
  return { account, user };
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  s = await testServer({ smtp: { url: catcher.smtpUrl, from: 'WLD Staking <no-reply@test.example>' } });
  await run(); // the first run starts every source's cursor: nothing from before is mailed
});
afterAll(async () => {
  await s.close();
  await catcher.stop();
});

describe('reminder emails', () => {
  it("remind: each kind is mailed once, in the member's language, with a link to the record and a one-tap unsubscribe", async () => {
    const lv = await seedLevels(s.db);
    const zh = await member('zh-member@example.com', 'zh');
    const en = await member('en-member@example.com', 'en');
    // Events of both members: a stake each (10 days), a withdrawal rejected and one paid, a reply, an application decided.
    for (const m of [zh, en]) {
      await deposit(s.db, s.clock, m.account.address, '300');
      await stake({ db: s.db, clock: s.clock }, m.user, { levelId: Number(lv.small), periodId: Number(lv.smallTen) });
    }
    const rejected = await withdrawRequest(s.db, zh.account.address, '20', s.clock);
    await runOp(s.db, 'withdrawal.reject', [String(rejected), 'address', 'on', 'a', 'sanctions', 'list'], s.clock);
    const paid = await withdrawRequest(s.db, en.account.address, '30', s.clock);
    await runOp(s.db, 'withdrawal.approve', [String(paid)], s.clock);
    await s.db
      .update(withdrawals)
      .set({ paidAt: s.clock.now(), payoutTxHash: `0x${'ab'.repeat(32)}` })
      .where(eq(withdrawals.id, paid));
    const sent = await s.call('mailapi/sendMail', en.account, { title: 'Where is my reward', content: 'It did not arrive.' });
    await runOp(s.db, 'mail.reply', [sent.data.id, 'It', 'arrives', 'tonight.'], s.clock);
    const [application] = await s.db
      .insert(communityApplications)
      .values({
        userId: zh.user.id,
        receiver: en.account.address,
        amount: 1n,
        payFrom: zh.account.address,
        payHash: `0x${'cd'.repeat(32)}`,
        communityToken: en.account.address,
        provinceCode: '44',
        cityCode: '4403',
        photoIds: ['a', 'b', 'c'],
      })
      .returning();
    await runOp(s.db, 'application.approve', [String(application!.id)], s.clock);
    s.clock.advance(1000);

    expect(await run()).toMatchObject({ queued: 4, sent: 4 });
    const zhMail = caughtFor('zh-member@example.com');
    const enMail = caughtFor('en-member@example.com');
    expect(zhMail.map((m) => m.subject).sort()).toEqual(['您的 20.00 WLD 提现未通过审核', '您的社区申请已通过']);
    expect(enMail.map((m) => m.subject).sort()).toEqual(['The administrator replied to “Where is my reward”', 'Your withdrawal of 30.00 WLD was paid']);
    const rejectedMail = zhMail.find((m) => m.subject.includes('提现'))!;
    expect(rejectedMail.text).toContain('原因：address on a sanctions list');
    expect(rejectedMail.text).toContain('https://app.example/#/wallet');
    expect(rejectedMail.text).toContain('一键退订此类邮件：https://api.example/email/unsubscribe?');
    expect(enMail.find((m) => m.subject.includes('paid'))!.text).toContain(`Transaction: 0x${'ab'.repeat(32)}`);

    // The stakes' periods end: when, what happens after 24 hours, the record; then a last call 4 hours before renewal.
    s.clock.advance(10 * DAY);
    expect(await run()).toMatchObject({ queued: 2, sent: 2 });
    const ended = caughtFor('en-member@example.com').at(-1)!;
    expect(ended.subject).toBe('Your stake of 100.00 WLD has ended');
    expect(ended.text).toMatch(
      /ended on \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)\.\nYou can redeem it until \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)\. If it is not redeemed by then, it renews automatically/,
    );
    expect(ended.text).toContain('https://app.example/#/pledge/record');
    expect(caughtFor('zh-member@example.com').at(-1)!.subject).toBe('您的 100.00 WLD 质押已到期');
    s.clock.advance(DAY - LAST_CALL_MS - 5000);
    expect(await run()).toMatchObject({ queued: 0, sent: 0 });
    s.clock.advance(6000);
    expect(await run()).toMatchObject({ queued: 2, sent: 2 });
    expect(caughtFor('en-member@example.com').at(-1)!.subject).toBe('Last hours to redeem your stake of 100.00 WLD');
    expect(caughtFor('zh-member@example.com').at(-1)!.subject).toBe('最后几小时：赎回您的 100.00 WLD 质押');

    // Reruns, and a rerun after time passes (the sources' overlap reads the same events again): nothing twice.
    const total = catcher.messages().length;
    expect(await run()).toMatchObject({ queued: 0, sent: 0 });
    s.clock.advance(60_000);
    expect(await run()).toMatchObject({ queued: 0, sent: 0 });
    expect(catcher.messages()).toHaveLength(total);
    expect(caughtFor('zh-member@example.com')).toHaveLength(4);
    expect(caughtFor('en-member@example.com')).toHaveLength(4);
  });

  it('remind: nothing is sent after the one-tap unsubscribe (no sign-in), and the settings show it off', async () => {
    const m = await member('quits@example.com', 'en');
    await s.call('mailapi/sendMail', m.account, { title: 'First', content: 'One.' });
    const [first] = await s.db.select().from(mails).where(eq(mails.userId, m.user.id));
    await runOp(s.db, 'mail.reply', [String(first!.id), 'Answered.'], s.clock);
    s.clock.advance(1000);
    await run();
    const mail = caughtFor('quits@example.com').at(-1)!;
    const link = unsubscribeLink(mail.text)!;
    expect(link).toContain('k=reply');

    // A forged signature, or the link of another kind altered, changes nothing.
    const forged = link.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await s.app.request(forged)).status).toBe(400);
    expect((await s.app.request(link.replace('k=reply', 'k=stake'))).status).toBe(400);
    expect((await s.call('emailapi/getEmailReminders', m.account)).data.list).toContainEqual({ kind: 'reply', on: '1' });

    const page = await s.app.request(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsubscribed');
    expect(html).toContain('administrator replies');
    expect((await s.call('emailapi/getEmailReminders', m.account)).data.list).toEqual([
      { kind: 'stake', on: '1' },
      { kind: 'withdrawal', on: '1' },
      { kind: 'reply', on: '0' },
      { kind: 'community', on: '1' },
    ]);
    // The page in the email's language: the same link with l=zh.
    expect(await (await s.app.request(link.replace('l=en', 'l=zh'))).text()).toContain('已退订');

    const before = caughtFor('quits@example.com').length;
    await s.call('mailapi/sendMail', m.account, { title: 'Second', content: 'Two.' });
    const rows = await s.db.select().from(mails).where(eq(mails.userId, m.user.id));
    await runOp(s.db, 'mail.reply', [String(rows.at(-1)!.id), 'Answered', 'again.'], s.clock);
    s.clock.advance(1000);
    await run();
    expect(caughtFor('quits@example.com')).toHaveLength(before);
    // Turned back on in the settings, the next reply is mailed.
    expect((await s.call('emailapi/setEmailReminder', m.account, { kind: 'reply', on: '1' })).data.list).toContainEqual({ kind: 'reply', on: '1' });
    await s.call('mailapi/sendMail', m.account, { title: 'Third', content: 'Three.' });
    const again = await s.db.select().from(mails).where(eq(mails.userId, m.user.id));
    await runOp(s.db, 'mail.reply', [String(again.at(-1)!.id), 'Yes.'], s.clock);
    s.clock.advance(1000);
    await run();
    expect(caughtFor('quits@example.com')).toHaveLength(before + 1);
    expect((await s.call('emailapi/setEmailReminder', m.account, { kind: 'nope', on: '1' })).info).toBe('Invalid field: kind');
  });

  it('remind: an email queued while SMTP is down is retried with backoff and sent once when it is back', async () => {
    const m = await member('retry@example.com', 'en');
    await deposit(s.db, s.clock, m.account.address, '50');
    const id = await withdrawRequest(s.db, m.account.address, '10', s.clock);
    await runOp(s.db, 'withdrawal.reject', [String(id), 'try', 'later'], s.clock);
    s.clock.advance(1000);
    // The action itself is done and answered already; the email waits in the outbox.
    expect(await run(downMailer())).toMatchObject({ queued: 1, sent: 0, retried: 1 });
    const [row] = await s.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, `withdrawal:${id}`));
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBe(s.clock.now().getTime() + 60_000);
    expect(await run(downMailer())).toMatchObject({ retried: 0 }); // not due yet
    s.clock.advance(60_000);
    expect(await run(downMailer())).toMatchObject({ retried: 1 });
    const [second] = await s.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, `withdrawal:${id}`));
    expect(second!.nextAttemptAt.getTime()).toBe(s.clock.now().getTime() + 120_000); // twice the wait
    expect(caughtFor('retry@example.com')).toHaveLength(0);
    s.clock.advance(120_000);
    expect(await run()).toMatchObject({ sent: 1 });
    expect(await run()).toMatchObject({ sent: 0 });
    expect(caughtFor('retry@example.com').map((c) => c.subject)).toEqual(['Your withdrawal of 10.00 WLD was rejected']);
    expect(
      (
        await s.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.eventKey, `withdrawal:${id}`))
      )[0],
    ).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('remind: a member with no email bound gets nothing', async () => {
    const silent = await s.user();
    await deposit(s.db, s.clock, silent.address, '50');
    const id = await withdrawRequest(s.db, silent.address, '5', s.clock);
    await runOp(s.db, 'withdrawal.reject', [String(id), 'no'], s.clock);
    s.clock.advance(1000);
    const before = catcher.messages().length;
    expect(await run()).toMatchObject({ queued: 0, sent: 0 });
    expect(catcher.messages()).toHaveLength(before);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
describe.skipIf(!onPostgres)('reminder emails on two servers (PostgreSQL; PGlite is one connection)', () => {
  it('remind: two job runs at once, on two connection pools of one database, queue and send each email once', async () => {
    const url = await freshDatabaseUrl(process.env.TEST_DATABASE_URL!);
    const [a, b] = [await openDatabase(testDatabaseUrls(url)), await openDatabase(testDatabaseUrls(url))];
    try {
      const clock = manualClock();
      await runReminders(a.db, clock, mailer(), links);
      const ids: number[] = [];
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const account = newAccount();
        const user = (await runOp(a.db, 'root.add', [account.address])) as unknown;
        expect(user).toBeTruthy();
        const found = (await findUser(a.db, account.address))!;
        await setEmail(a.db, found.id, `pair${n}@example.com`);
        await deposit(a.db, clock, account.address, '50');
        const id = await withdrawRequest(a.db, account.address, '7', clock);
        await runOp(a.db, 'withdrawal.reject', [String(id), 'race'], clock);
        ids.push(id);
      }
      clock.advance(1000);
      const before = catcher.messages().length;
      const reports = await Promise.all([a, b, a, b].map((d) => runReminders(d.db, clock, mailer(), links)));
      expect(reports.reduce((n, r) => n + r.queued, 0)).toBe(6);
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
      expect(catcher.messages().length - before).toBe(6);
      for (const n of [1, 2, 3, 4, 5, 6]) expect(caughtFor(`pair${n}@example.com`)).toHaveLength(1);
      expect(await a.db.select().from(emailOutbox)).toHaveLength(6);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
