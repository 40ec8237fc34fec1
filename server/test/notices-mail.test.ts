import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { mails } from '../mail/tables';
import { users } from '../users/tables';
import { testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

const unread = async (account: { address: string }) => (await s.call('userapi/getUserInfo', account)).data.nolookmsg;

describe('announcements in the reader language', () => {
  let first: number;
  beforeAll(async () => {
    first = (
      (await runOp(s.db, 'notice.add', ['zh', '维护通知', '<p>今晚维护</p>', 'en', 'Maintenance', '<p>Tonight</p>', 'kor', '점검', '<p>오늘 밤</p>'])) as {
        id: number;
      }
    ).id;
    s.clock.advance(1000);
    await runOp(s.db, 'notice.add', ['zh', '只有中文', '<p>中文内容</p>']);
  });

  it('answers in the request language and falls back to zh per notice', async () => {
    const anyone = { address: '0x0000000000000000000000000000000000000000' };
    const en = await s.call('publicapi/getNoticeList', anyone, { page: '1', limit: '10' }, { language: 'en' });
    expect(en.status).toBe(1);
    expect((en.data.list as { title: string }[]).map((n) => n.title)).toEqual(['只有中文', 'Maintenance']);
    const detail = await s.call('publicapi/getNoticeDetail', anyone, { id: String(first) }, { language: 'kor' });
    expect(detail.data).toMatchObject({ id: String(first), title: '점검', content: '<p>오늘 밤</p>' });
    const fallback = await s.call('publicapi/getNoticeDetail', anyone, { id: String(first) }, { language: 'fra' });
    expect(fallback.data).toMatchObject({ title: '维护通知', content: '<p>今晚维护</p>' });
    const hot = await s.call('publicapi/getHotNotice', anyone, { limit: '5' }, { language: 'en' });
    expect((hot.data as unknown as { title: string }[])[1]?.title).toBe('Maintenance');
  });

  it('pages the list with has_more and refuses an unknown notice in the reader language', async () => {
    const anyone = { address: '0x0000000000000000000000000000000000000000' };
    const one = await s.call('publicapi/getNoticeList', anyone, { page: '1', limit: '1' });
    expect(one.data).toMatchObject({ page: '1', has_more: true });
    const two = await s.call('publicapi/getNoticeList', anyone, { page: '2', limit: '1' });
    expect(two.data).toMatchObject({ page: '2', has_more: false });
    expect(await s.call('publicapi/getNoticeDetail', anyone, { id: '999' }, { language: 'zh' })).toMatchObject({ status: 0, info: '公告不存在' });
  });

  it('refuses a notice without the zh fallback or with an unknown language, and stores nothing', async () => {
    const before = ((await runOp(s.db, 'notices.list', [])) as unknown[]).length;
    await expect(runOp(s.db, 'notice.add', ['en', 'Only English', 'x'])).rejects.toThrow(/zh text is required/);
    await expect(runOp(s.db, 'notice.add', ['zh', 'a', 'b', 'de', 'c', 'd'])).rejects.toThrow(/unknown language de/);
    await expect(runOp(s.db, 'notice.add', ['zh', 'a'])).rejects.toThrow(/groups of <lang>/);
    expect(((await runOp(s.db, 'notices.list', [])) as unknown[]).length).toBe(before);
  });

  it('gives banner titles and the agreement per language', async () => {
    const anyone = { address: '0x0000000000000000000000000000000000000000' };
    await runOp(s.db, 'banner.add', ['b.svg', '-', 'zh', '横幅', 'fra', 'Bannière']);
    await runOp(s.db, 'agreement.set', ['zh', '<p>协议</p>', 'en', '<p>Agreement</p>']);
    const fra = await s.call('publicapi/getSwap', anyone, { position: '1' }, { language: 'fra' });
    expect(fra.data).toEqual([expect.objectContaining({ img_title: 'Bannière', url_path: '' })]);
    const en = await s.call('publicapi/getSwap', anyone, { position: '1' }, { language: 'en' });
    expect(en.data).toEqual([expect.objectContaining({ img_title: '横幅' })]);
    expect((await s.call('investapi/invest', anyone, {}, { language: 'en' })).data.agreement).toBe('<p>Agreement</p>');
    expect((await s.call('investapi/invest', anyone, {}, { language: 'kor' })).data.agreement).toBe('<p>协议</p>');
  });
});

describe('mail between a member and the administrator', () => {
  it('moves a member mail from sent to replied when the operator answers it', async () => {
    const member = await s.user();
    const sent = await s.call('mailapi/sendMail', member, { title: '  Withdrawal question ', content: 'When is my withdrawal paid?\nThanks' });
    expect(sent.status).toBe(1);
    const id = String(sent.data.id);
    const box = await s.call('mailapi/getMailList', member, { type: 'sent', page: '1', limit: '10' });
    expect(box.data.list).toEqual([expect.objectContaining({ id, title: 'Withdrawal question', status: 'sent' })]);
    expect((await s.call('mailapi/getMailList', member, { type: 'inbox', page: '1', limit: '10' })).data.list).toEqual([]);
    expect(await unread(member)).toBe('0');

    expect(await runOp(s.db, 'mail.list', [])).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: Number(id), from: member.address, status: 'sent' })]),
    );
    expect(await runOp(s.db, 'mail.reply', [id, 'It', 'is', 'paid', 'after', 'the', 'audit.'], s.clock)).toMatchObject({ status: 'replied' });
    await expect(runOp(s.db, 'mail.reply', [id, 'again'], s.clock)).rejects.toThrow(/not a member's mail awaiting a reply/);

    const detail = await s.call('mailapi/getMailDetail', member, { id });
    expect(detail.data).toMatchObject({ status: 'replied', reply: 'It is paid after the audit.', content: 'When is my withdrawal paid?\nThanks' });
    expect(Number(detail.data.reply_time)).toBeGreaterThan(0);

    // The reply is also in the member's inbox, unread until opened, naming the mail it answers.
    expect(await unread(member)).toBe('1');
    const inbox = await s.call('mailapi/getMailList', member, { type: 'inbox', page: '1', limit: '10' });
    expect(inbox.data.list).toEqual([expect.objectContaining({ title: 'Withdrawal question', content: 'It is paid after the audit.', status: 'not-viewed' })]);
    const [answer] = inbox.data.list as { id: string }[];
    const opened = await s.call('mailapi/getMailDetail', member, { id: answer!.id });
    expect(opened.data).toMatchObject({ status: 'viewed', reply_to_id: id, reply_to_title: 'Withdrawal question' });
    expect(await unread(member)).toBe('0');
    // It is the administrator's mail: the operator's list of members' mail does not show it.
    expect(await runOp(s.db, 'mail.list', ['all'])).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: Number(answer!.id) })]));
  });

  it('raises the unread count with an operator mail and lowers it when the member opens it', async () => {
    const member = await s.user();
    const other = await s.user();
    const { ids } = (await runOp(s.db, 'mail.send', [member.address, 'Welcome', 'Hello', 'member'], s.clock)) as { ids: number[] };
    expect(await unread(member)).toBe('1');
    expect(await unread(other)).toBe('0');
    const inbox = await s.call('mailapi/getMailList', member, { type: 'inbox', page: '1', limit: '10' });
    expect(inbox.data.list).toEqual([expect.objectContaining({ title: 'Welcome', content: 'Hello member', status: 'not-viewed' })]);
    // Another member cannot open it, and trying does not mark it viewed.
    expect(await s.call('mailapi/getMailDetail', other, { id: String(ids[0]) })).toMatchObject({ status: 0, info: 'Mail not found' });
    expect(await unread(member)).toBe('1');
    expect((await s.call('mailapi/getMailDetail', member, { id: String(ids[0]) })).data).toMatchObject({ status: 'viewed' });
    expect(await unread(member)).toBe('0');

    const reply = await s.call('mailapi/replyMail', member, { id: String(ids[0]), title: 'Re: Welcome', content: 'Thank you' });
    expect(reply.status).toBe(1);
    expect((await s.call('mailapi/getMailDetail', member, { id: String(reply.data.id) })).data).toMatchObject({
      status: 'sent',
      reply_to_id: String(ids[0]),
      reply_to_title: 'Welcome',
    });
    // A reply answers the administrator's mail only, never the member's own.
    expect(await s.call('mailapi/replyMail', member, { id: String(reply.data.id), title: 'x', content: 'y' })).toMatchObject({
      status: 0,
      info: 'Mail not found',
    });
  });

  it('sends to every member with all', async () => {
    const member = await s.user();
    const { sent } = (await runOp(s.db, 'mail.send', ['all', 'Notice to all', 'Body'], s.clock)) as { sent: number };
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(await unread(member)).toBe('1');
  });

  it.each([
    [{ title: '', content: 'x' }, 'Please enter the title'],
    [{ title: '   ', content: 'x' }, 'Please enter the title'],
    [{ title: 'x', content: ' \n ' }, 'Please enter the mail content'],
    [{ title: 'x'.repeat(101), content: 'x' }, 'The title is at most 100 characters'],
    [{ title: 'x', content: 'x'.repeat(2001) }, 'The mail content is at most 2000 characters'],
    [{ title: 'x', content: 'see <img src=x onerror=alert(1)>' }, 'Mail is plain text only: please remove HTML tags or control characters'],
    [{ title: 'two\nlines', content: 'x' }, 'Mail is plain text only: please remove HTML tags or control characters'],
    [{ title: 'x', content: 'bell \u0007' }, 'Mail is plain text only: please remove HTML tags or control characters'],
  ])('refuses %o with a clear message and stores nothing', async (payload, info) => {
    const member = await s.user();
    expect(await s.call('mailapi/sendMail', member, payload)).toMatchObject({ status: 0, info });
    const rows = await s.db
      .select()
      .from(mails)
      .where(eq(mails.userId, (await s.db.select({ id: users.id }).from(users).where(eq(users.address, member.address)))[0]!.id));
    expect(rows).toEqual([]);
  });

  it('accepts prose with a lone < or > and answers refusals in the reader language', async () => {
    const member = await s.user();
    expect((await s.call('mailapi/sendMail', member, { title: 'a < b', content: '3 > 2 and 1 < 2' })).status).toBe(1);
    expect(await s.call('mailapi/sendMail', member, { title: '', content: 'x' }, { language: 'zh' })).toMatchObject({ info: '请输入标题' });
  });

  it('needs a session', async () => {
    const member = await s.user();
    s.sessions.delete(member.address);
    expect(await s.call('mailapi/getMailList', member, { type: 'inbox', page: '1', limit: '10' })).toMatchObject({ status: 0, info: '302' });
  });
});
