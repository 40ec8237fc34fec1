import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { cleanHtml, safeUrl } from '../content/sanitize';
import { bannerTexts, banners, noticeTexts, notices } from '../content/tables';
import { settings } from '../settings/tables';
import { testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

const anyone = { address: '0x0000000000000000000000000000000000000000' };
const HOSTILE = [
  '<p onclick="steal()">Terms</p>',
  '<script>alert(1)</script>',
  '<img src="x.png" onerror="alert(2)">',
  '<a href="javascript:alert(3)">here</a>',
  '<a href="java\tscript:alert(4)">tab</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<img src="data:image/svg+xml,<svg onload=alert(5)>">',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<a href="https://example.com/terms" target="_blank">ok</a>',
].join('');

/** Anything a browser would run or load from a foreign scheme. */
const EXECUTABLE = /<script|<iframe|\son\w+=|javascript:|java\s*script|data:|href="\/\//i;

describe('operator content is cleaned on the server', () => {
  it('cleans notice HTML on write, stores and serves it clean, and tells the operator what went', async () => {
    const result = (await runOp(s.db, 'notice.add', ['zh', '条款', HOSTILE, 'en', 'Terms', '<p>Plain <b>bold</b></p>'])) as {
      id: number;
      removed: Record<string, string[]>;
    };
    expect(result.removed.en).toBeUndefined();
    expect(result.removed.zh).toEqual(expect.arrayContaining(['<script>', '<iframe>', 'onclick on <p>', 'onerror on <img>', 'target on <a>']));
    expect(result.removed.zh!.some((r) => r.includes('javascript:'))).toBe(true);
    const [stored] = await s.db
      .select()
      .from(noticeTexts)
      .where(and(eq(noticeTexts.noticeId, result.id), eq(noticeTexts.language, 'zh')));
    expect(stored!.content).not.toMatch(EXECUTABLE);
    expect(stored!.content).toContain('<a href="https://example.com/terms">ok</a>');
    expect(stored!.content).toContain('<img src="x.png" />');
    const detail = await s.call('publicapi/getNoticeDetail', anyone, { id: String(result.id) }, { language: 'zh' });
    expect(detail.data.content).toBe(stored!.content);
    const en = await s.call('publicapi/getNoticeDetail', anyone, { id: String(result.id) }, { language: 'en' });
    expect(en.data.content).toBe('<p>Plain <b>bold</b></p>');
  });

  it('cleans the agreement on write and refuses one with nothing left', async () => {
    const result = (await runOp(s.db, 'agreement.set', ['zh', HOSTILE])) as { removed: Record<string, string[]> };
    expect(result.removed.zh).toContain('<script>');
    const [row] = await s.db.select().from(settings).where(eq(settings.key, 'agreement.zh'));
    expect(row!.value).not.toMatch(EXECUTABLE);
    expect(row!.value).toContain('<p>Terms</p>');
    await expect(runOp(s.db, 'agreement.set', ['zh', '<script>alert(1)</script>'])).rejects.toThrow(/empty once cleaned \(removed: <script>\)/);
  });

  it('refuses banner images and links that are not http(s) or a relative path', async () => {
    const titles = ['zh', '横幅'];
    for (const [img, url] of [
      ['javascript:alert(1)', '-'],
      ['banners/a.svg', 'javascript:alert(1)'],
      ['data:image/png;base64,AAAA', '-'],
      ['banners/a.svg', '//evil.example'],
      ['banners/a.svg', 'java\tscript:alert(1)'],
      ['banners/a.svg', 'JaVaScRiPt:alert(1)'],
      ['banners/a.svg', 'vbscript:x'],
    ] as const) {
      await expect(runOp(s.db, 'banner.add', [img, url, ...titles]), `${img} ${url}`).rejects.toThrow(/must be an http\(s\) URL/);
    }
    for (const [img, url] of [
      ['banners/a.svg', '#/share'],
      ['https://cdn.example/b.png', 'https://example.com/promo'],
      ['/banners/b.svg', '-'],
    ] as const) {
      await expect(runOp(s.db, 'banner.add', [img, url, ...titles])).resolves.toMatchObject({ imgPath: img, urlPath: url === '-' ? '' : url });
    }
  });

  it('serves rows stored before cleaning existed clean: HTML cleaned on read, unsafe banners dropped', async () => {
    await s.db
      .insert(settings)
      .values({ key: 'agreement.en', value: HOSTILE })
      .onConflictDoUpdate({ target: settings.key, set: { value: HOSTILE } });
    const invest = await s.call('investapi/invest', anyone, {}, { language: 'en' });
    const [notice] = await s.db.insert(notices).values({}).returning();
    await s.db.insert(noticeTexts).values({ noticeId: notice!.id, language: 'zh', title: 'old', content: HOSTILE });
    const [bad] = await s.db.insert(banners).values({ imgPath: 'javascript:alert(1)', urlPath: '' }).returning();
    const [badLink] = await s.db.insert(banners).values({ imgPath: 'banners/old.svg', urlPath: 'javascript:alert(1)' }).returning();
    await s.db.insert(bannerTexts).values([
      { bannerId: bad!.id, language: 'zh', imgTitle: 'bad' },
      { bannerId: badLink!.id, language: 'zh', imgTitle: 'old' },
    ]);

    expect(invest.status).toBe(1);
    expect((invest.data as { agreement: string }).agreement).toContain('<p>Terms</p>');
    expect((invest.data as { agreement: string }).agreement).not.toMatch(EXECUTABLE);
    const detail = await s.call('publicapi/getNoticeDetail', anyone, { id: String(notice!.id) });
    expect(detail.data.content).not.toMatch(EXECUTABLE);
    const hot = await s.call('publicapi/getHotNotice', anyone, { limit: '10' });
    expect(JSON.stringify(hot.data)).not.toMatch(EXECUTABLE);
    const swap = (await s.call('publicapi/getSwap', anyone, { position: '1' })).data as unknown as { id: string; url_path: string }[];
    expect(swap.map((b) => b.id)).not.toContain(String(bad!.id));
    expect(swap.find((b) => b.id === String(badLink!.id))).toMatchObject({ url_path: '' });
  });

  it('keeps the ordinary rich text the seed and operators write', () => {
    const seed =
      '<h3>Agreement</h3><p>Intro with <b>bold</b>, <em>em</em> and <a href="#/share">a route</a>.</p><ol><li>One</li></ol><img src="banners/x.svg" alt="x" />';
    expect(cleanHtml(seed)).toEqual({ html: seed, removed: [] });
    expect(safeUrl(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(safeUrl('https://')).toBeNull();
  });
});
