import { describe, expect, it } from 'vitest';
import { unwrapReply } from '@/lib/api/client';
import { buildRequest } from '@/lib/api/request';
import { verifyEnvelope } from '@/lib/envelope';
import { EARLY_GLOBAL, type EarlyReplies } from '@/lib/early-replies';
import { ZERO_ADDRESS } from '@/lib/env';
import { API_LANGUAGE } from '@/lib/i18n';
import { EARLY_CONFIG, earlyRequestsScript } from './early-script';
import { type Shown, runEarlyScript } from './run-early-script';

const API_KEY = 'early-key';
const config = { ...EARLY_CONFIG, baseUrl: 'http://api.test/', apiKey: API_KEY };
const banners = [{ id: '1', img_path: 'banners/one.svg', img_title: 'One', url_path: '' }];

const images = (node: Shown): Shown[] => (node.tag === 'img' ? [node] : node.children.flatMap(images));

/** The exported script on a page opened at `hash`, with `language` stored. */
function run(hash: string, language: string | null, replyOf?: (path: string) => unknown) {
  const { calls, head, body, window } = runEarlyScript(earlyRequestsScript(config), { hash, stored: { language }, replyOf });
  return { calls, head, body, early: window[EARLY_GLOBAL] as EarlyReplies | undefined };
}

describe('the early requests script', () => {
  it("sends Home's public calls with the app's own signed envelope", () => {
    const { calls } = run('#/', 'en');
    expect(calls.map((c) => c.url)).toEqual(EARLY_CONFIG.calls.map((c) => `http://api.test/api/v1/${c.path}`));
    for (const [i, call] of calls.entries()) {
      expect(verifyEnvelope(call.fields, API_KEY)).toBe(true);
      const expected = buildRequest(EARLY_CONFIG.calls[i]!.input, {
        baseUrl: '',
        apiKey: API_KEY,
        address: ZERO_ADDRESS,
        language: 'en',
        now: () => Number(call.fields.ust) * 1000,
      });
      expect(call.fields).toEqual(expected);
    }
  });

  it('asks in the stored language, the default one otherwise', () => {
    expect(run('', 'ko').calls[0]!.fields.language).toBe(API_LANGUAGE.ko);
    expect(run('#/?intro=0x1', null).calls[0]!.fields.language).toBe(API_LANGUAGE['zh-CN']);
    expect(run('#/', 'xx').calls[0]!.fields.language).toBe(API_LANGUAGE['zh-CN']);
    expect(run('#/', 'toString').calls[0]!.fields.language).toBe(API_LANGUAGE['zh-CN']);
  });

  it('does nothing when the page opens on another screen', () => {
    for (const hash of ['#/share', '#/notice/1', '#/404?name=x']) {
      const { calls, early } = run(hash, 'en');
      expect(calls).toEqual([]);
      expect(early).toBeUndefined();
    }
  });

  it('preloads the first banner and hands each reply over once, to the same call in the same language', async () => {
    const { head, body, early } = run('#/', 'fr', (path) => ({ status: 1, info: '', data: path === EARLY_CONFIG.bannerPath ? banners : [] }));
    const banner = EARLY_CONFIG.calls.find((c) => c.path === EARLY_CONFIG.bannerPath)!;
    expect(early!.take(banner.path, banner.input, API_LANGUAGE.en)).toBeUndefined();
    const reply = early!.take(banner.path, { ...banner.input }, API_LANGUAGE.fr);
    expect(unwrapReply(await reply)).toEqual(banners);
    expect(early!.take(banner.path, banner.input, API_LANGUAGE.fr)).toBeUndefined();
    expect(head.map((l) => [l.rel, l.as, l.href, l.attrs.fetchpriority])).toEqual([['preload', 'image', 'banners/one.svg', 'high']]);
    // Shown where the carousel will be until it takes over, marked for it and hidden from assistive technology.
    expect(body).toHaveLength(1);
    expect(body[0]!.tag).toBe('early-banner');
    expect(body[0]!.attrs).toEqual({ [EARLY_CONFIG.bannerAttribute]: '', 'aria-hidden': 'true' });
    expect(images(body[0]!).map((img) => img.src)).toEqual(['banners/one.svg']);
  });

  it('preloads nothing when there is no banner or the call failed', async () => {
    const { head, body, early } = run('#/', 'en', () => ({ status: 0, info: 'no', data: [] }));
    const banner = EARLY_CONFIG.calls.find((c) => c.path === EARLY_CONFIG.bannerPath)!;
    await expect(early!.take(banner.path, banner.input, API_LANGUAGE.en)!.then(unwrapReply)).rejects.toThrow('no');
    expect(head).toEqual([]);
    expect(body).toEqual([]);
  });
});
