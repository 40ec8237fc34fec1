import { describe, expect, it } from 'vitest';
import { ROUTES, findRoute, notFoundTarget, routeOfHash, screenOfHash, splitHash } from './routes';

describe('route table', () => {
  it('holds the 18 routes of the spec, each once', () => {
    expect(ROUTES).toHaveLength(18);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(18);
    expect(new Set(ROUTES.map((r) => r.screen)).size).toBe(18);
  });
  it('lets only /manager skip the user-existence check', () => {
    expect(ROUTES.filter((r) => r.skipUserCheck).map((r) => r.path)).toEqual(['/manager']);
  });
  it('asks for a session on every member route (own data or signed actions) and on no public one', () => {
    const members = [
      '/pledge/record',
      '/wallet',
      '/wallet/transfer',
      '/reward',
      '/reward/detail',
      '/community',
      '/community/creator',
      '/email',
      '/email/detail',
      '/email/detail/inbox',
      '/email/reply',
      '/email/setting',
    ];
    expect(ROUTES.filter((r) => r.session).map((r) => r.path)).toEqual(members);
    // Public content, the address-only invite page, 404, and the owner's page gated by the wallet.
    expect(ROUTES.filter((r) => !r.session).map((r) => r.path)).toEqual(['/', '/notice', '/notice/detail', '/share', '/404', '/manager']);
    expect(routeOfHash('#/email/detail/inbox?id=3')?.session).toBe(true);
  });
  it('matches with or without a trailing slash and rejects unknown paths', () => {
    expect(findRoute('/email/detail/')?.screen).toBe('EmailDetail');
    expect(findRoute('/')?.screen).toBe('Index');
    expect(findRoute('/nope')).toBeUndefined();
  });
  it('sends an unmatched route to /404 with its name and query', () => {
    const target = notFoundTarget('/nope', '?a=1&b=2');
    const params = new URLSearchParams(target.split('?')[1]);
    expect(target.startsWith('/404?')).toBe(true);
    expect(params.get('name')).toBe('/nope');
    expect(params.get('query')).toBe('a=1&b=2');
    expect(notFoundTarget('/x', '')).toBe('/404?name=%2Fx');
  });
});

describe('hash locations', () => {
  it('keeps the query inside the hash apart from the path', () => {
    expect(splitHash('#/share?x=1&y=2')).toEqual(['/share', 'x=1&y=2']);
    expect(splitHash('#/?intro=0xabc')).toEqual(['/', 'intro=0xabc']);
    expect(splitHash('#/email/detail')).toEqual(['/email/detail', '']);
  });

  it('reads an empty or bare hash as the home route', () => {
    expect(splitHash('')).toEqual(['/', '']);
    expect(splitHash('#')).toEqual(['/', '']);
    expect(splitHash('#?intro=0xabc')).toEqual(['/', 'intro=0xabc']);
    expect(routeOfHash('')?.screen).toBe('Index');
    expect(routeOfHash('#/notice/detail?id=3')?.screen).toBe('NoticeDetail');
    expect(screenOfHash('#/notice/detail?id=3')).toBe('NoticeDetail');
    expect(screenOfHash('#/no-such-screen')).toBe('NotFound');
  });
});
