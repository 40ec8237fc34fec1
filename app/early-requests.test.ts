import SparkMD5 from 'spark-md5';
import { describe, expect, it } from 'vitest';
import { signEnvelope } from '@/lib/envelope';
import { routeOfHash } from '@/lib/routes';
import { type EarlyConfig, earlyBoot } from './early-requests';

const config: EarlyConfig = {
  baseUrl: 'http://api.test',
  apiKey: 'early-key',
  address: '0x0000000000000000000000000000000000000000',
  languages: { en: 'en', 'zh-CN': 'zh' },
  languageKey: 'language',
  rememberedLanguageKey: 'language',
  defaultLocale: 'en',
  calls: [{ path: 'getNotice', input: { page: '1', type: '2' } }],
  bannerPath: 'getSwap',
  bannerAttribute: 'data-early-banner',
  globalName: '__early',
};

/** earlyBoot in a window that records the bodies it posts. */
function boot(hash: string) {
  const bodies: Record<string, string>[] = [];
  const win = {
    location: { hash },
    sessionStorage: { getItem: () => null },
    fetch: (_url: string, init: { body: string }) => {
      bodies.push(Object.fromEntries(new URLSearchParams(init.body)));
      return Promise.resolve({ json: () => Promise.resolve({}) });
    },
  };
  earlyBoot(config, (text) => SparkMD5.hash(text), win as unknown as Window & typeof globalThis);
  return bodies;
}

const HASHES = ['', '#', '#/', '#/?ref=1', '#?ref=1', '#//', '#///?a=1', '#/share', '#/share/', '#share?x=1', '#/pledge', '#/nowhere', '#/index'];

describe('the early script mirrors lib/routes and lib/envelope', () => {
  it.each(HASHES)('it calls on %j exactly when lib/routes opens Home there', (hash) => {
    expect(boot(hash).length > 0).toBe(routeOfHash(hash)?.path === '/');
  });

  it("signs each call as lib/envelope signs the app's own requests", () => {
    const [fields] = boot('#/');
    expect(fields).toBeDefined();
    const { sign, ...rest } = fields!;
    expect(sign).toBe(signEnvelope(rest, config.apiKey));
  });
});
