import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { SESSION_KEYS } from '../storage-keys';
import { createAuth } from './session';
import { introOfSearch, keepInviteLinks } from './intro-link';
import { resolveInviter, storedIntro } from './inviter';

const ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

/** A fake server and wallet: records calls; `registered` decides getUserExist. */
function setup(opts: { registered?: boolean; storage?: Record<string, string>; failLogin?: boolean; badInviter?: boolean } = {}) {
  const storage = memoryStorage(opts.storage);
  const calls: string[] = [];
  const reload = vi.fn();
  const scheduled: number[] = [];
  const openBindInviter = vi.fn();
  const closeLoading = vi.fn();
  const refusals: string[] = [];
  const signed: string[] = [];
  let registered = opts.registered ?? true;
  const auth = createAuth({
    storage,
    reload,
    openBindInviter,
    loading: () => closeLoading,
    schedule: (fn, ms) => {
      scheduled.push(ms);
      fn();
    },
    signMessage: async (message) => {
      signed.push(message);
      return `0xsig-${message}` as `0x${string}`;
    },
    showRefusal: (reason) => refusals.push(reason),
    call: async <T>({ path }: { path: string }, payload?: Record<string, string>) => {
      calls.push(path);
      await Promise.resolve();
      if (path === 'publicapi/getUserExist' && !registered) throw new ApiError('register', '301');
      if (path === 'publicapi/getNonce' && payload?.purpose === 'reg' && opts.badInviter) throw new ApiError('server', 'The inviter is not a registered user');
      if (path === 'publicapi/getNonce') return { nonce: `n${calls.length}`, message: `n${calls.length}` } as T;
      if (path === 'publicapi/login') {
        if (opts.failLogin) throw new ApiError('server', 'Wallet signature is invalid');
        return { guid: `guid-for-${payload?.signature}` } as T;
      }
      if (path === 'publicapi/reg') {
        registered = true;
        return { guid: `guid-for-${payload?.signature}` } as T;
      }
      return {} as T;
    },
  });
  return { auth, storage, calls, reload, scheduled, openBindInviter, closeLoading, refusals, signed };
}

describe('login state machine', () => {
  it('logs in: nonce, signature, login, guid and address stored, reload after 500 ms', async () => {
    const t = setup();
    expect(await t.auth.ensureSignedIn(ADDRESS)).toBe('logged-in');
    expect(t.calls).toEqual(['publicapi/getUserExist', 'publicapi/getNonce', 'publicapi/login']);
    expect(t.storage.map.get(SESSION_KEYS.guid)).toBe('guid-for-0xsig-n2');
    expect(t.storage.map.get(SESSION_KEYS.previousAddress)).toBe(ADDRESS);
    expect(t.scheduled).toEqual([500]);
    expect(t.reload).toHaveBeenCalledTimes(1);
  });
  it('skips login when the stored previous address is this one and a guid exists', async () => {
    const t = setup({ storage: { [SESSION_KEYS.guid]: 'g', [SESSION_KEYS.previousAddress]: ADDRESS } });
    expect(await t.auth.ensureSignedIn(ADDRESS)).toBe('skipped');
    expect(t.calls).toEqual(['publicapi/getUserExist']);
    expect(t.reload).not.toHaveBeenCalled();
  });
  it('logs in again, and reloads, when the account changed', async () => {
    const t = setup({ storage: { [SESSION_KEYS.guid]: 'g', [SESSION_KEYS.previousAddress]: OTHER } });
    expect(await t.auth.ensureSignedIn(ADDRESS)).toBe('logged-in');
    expect(t.reload).toHaveBeenCalledTimes(1);
  });
  it('lets only one login run at a time', async () => {
    const t = setup();
    const [a, b] = await Promise.all([t.auth.ensureSignedIn(ADDRESS), t.auth.ensureSignedIn(ADDRESS)]);
    expect([a, b].sort()).toEqual(['busy', 'logged-in']);
    expect(t.calls.filter((c) => c === 'publicapi/login')).toHaveLength(1);
  });
  it("opens the bind-inviter dialog on '301' and clears the stored session", async () => {
    const t = setup({ registered: false, storage: { [SESSION_KEYS.guid]: 'old', [SESSION_KEYS.previousAddress]: ADDRESS } });
    expect(await t.auth.ensureSignedIn(ADDRESS)).toBe('needs-register');
    expect(t.openBindInviter).toHaveBeenCalledTimes(1);
    expect(t.storage.map.has(SESSION_KEYS.guid)).toBe(false);
    expect(t.storage.map.has(SESSION_KEYS.previousAddress)).toBe(false);
  });
  it('registers and signs in with one signature: reg answers with the session, no login challenge follows', async () => {
    const t = setup({ registered: false });
    expect(await t.auth.register(ADDRESS, OTHER)).toBe('logged-in');
    expect(t.calls).toEqual(['publicapi/getNonce', 'publicapi/reg']);
    expect(t.signed).toHaveLength(1);
    expect(t.storage.map.get(SESSION_KEYS.guid)).toBe('guid-for-0xsig-n1');
    expect(t.storage.map.get(SESSION_KEYS.previousAddress)).toBe(ADDRESS);
    expect(t.scheduled).toEqual([500]);
    expect(t.reload).toHaveBeenCalledTimes(1);
  });
  it("gives a refused inviter's reason to the dialog before any signature is asked for", async () => {
    const t = setup({ registered: false, badInviter: true });
    expect(await t.auth.register(ADDRESS, OTHER)).toBe('failed');
    expect(t.refusals).toEqual(['The inviter is not a registered user']);
    expect(t.signed).toEqual([]);
    expect(t.calls).toEqual(['publicapi/getNonce']);
  });
  it("logs in again after '302', forgetting the old guid first", async () => {
    const t = setup({ storage: { [SESSION_KEYS.guid]: 'stale', [SESSION_KEYS.previousAddress]: ADDRESS } });
    expect(await t.auth.relogin(ADDRESS)).toBe('logged-in');
    expect(t.storage.map.get(SESSION_KEYS.guid)).toBe('guid-for-0xsig-n1');
    expect(t.reload).toHaveBeenCalledTimes(1);
  });
  it('swallows a login failure: the loading toast closes and the guard resets', async () => {
    const t = setup({ failLogin: true });
    expect(await t.auth.ensureSignedIn(ADDRESS)).toBe('failed');
    expect(t.closeLoading).toHaveBeenCalledTimes(1);
    expect(t.auth.isBusy()).toBe(false);
    expect(t.storage.map.has(SESSION_KEYS.guid)).toBe(false);
  });
});

describe('inviter field', () => {
  const intro = OTHER;
  it('is required and trimmed', () => {
    expect(resolveInviter('   ', null)).toEqual({ ok: false, reason: 'required' });
    expect(resolveInviter(`  ${OTHER.toLowerCase()} `, null)).toEqual({ ok: true, address: OTHER });
  });
  it('sends the stored full referrer when the field shows its mask', () => {
    expect(resolveInviter('0x70997970......0d17dc79C8', intro)).toEqual({ ok: true, address: OTHER });
  });
  it('refuses what is not an address', () => {
    expect(resolveInviter('0x70997970......0d17dc79C8', null)).toEqual({ ok: false, reason: 'invalidAddress' });
  });
  it('reads the intro from an invite link query as written, when it has an address shape', () => {
    expect(introOfSearch(`intro=${OTHER.toLowerCase()}`)).toBe(OTHER.toLowerCase());
    expect(introOfSearch('intro=nope')).toBeNull();
    expect(introOfSearch('intro=0x1234')).toBeNull();
    expect(introOfSearch('x=1')).toBeNull();
  });
  it("stores the link's referrer at once, and on a later hash change, and reads it back checksummed", () => {
    const storage = memoryStorage();
    const listeners: (() => void)[] = [];
    const win = {
      location: { hash: `#/?intro=${OTHER.toLowerCase()}` },
      localStorage: storage,
      addEventListener: (_: string, listener: () => void) => void listeners.push(listener),
    } as unknown as Parameters<typeof keepInviteLinks>[0];
    keepInviteLinks(win);
    expect(storedIntro(storage)).toBe(OTHER);
    win.location.hash = '#/share';
    listeners.forEach((l) => l());
    expect(storedIntro(storage)).toBe(OTHER);
    win.location.hash = `#/?intro=${ADDRESS}`;
    listeners.forEach((l) => l());
    expect(storedIntro(storage)).toBe(ADDRESS);
  });
  it('reads no stored referrer when none was kept or its checksum is wrong', () => {
    expect(storedIntro(memoryStorage())).toBeNull();
    expect(storedIntro(memoryStorage({ intro: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' }))).toBeNull();
  });
});
