import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, createTapGuard, debounce } from './timing';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('debounce', () => {
  it('runs once, with the last arguments, after the quiet period', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fn = debounce((n: number) => calls.push(n), 150);
    fn(1); fn(2); vi.advanceTimersByTime(149); fn(3);
    vi.advanceTimersByTime(149);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([3]);
  });
});

describe('double-tap guard', () => {
  it('ignores a second tap within 300 ms and accepts one after', () => {
    let now = 0;
    const taps: number[] = [];
    const guard = createTapGuard(300, () => now);
    const tap = (n: number) => guard.accept() && taps.push(n);
    tap(1); now = 299; tap(2); now = 300; tap(3);
    expect(taps).toEqual([1, 3]);
  });
});

describe('afterLoadWhenIdle', () => {
  function page(readyState: string) {
    const listeners = new Map<string, () => void>();
    const idle: (() => void)[] = [];
    vi.stubGlobal('document', { readyState });
    vi.stubGlobal('window', {
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
      requestIdleCallback: (fn: () => void) => idle.push(fn),
      cancelIdleCallback: () => idle.splice(0),
    });
    return { load: () => listeners.get('load')?.(), idle };
  }
  it('waits for the load event, then for idle time', () => {
    const p = page('interactive');
    const fn = vi.fn();
    afterLoadWhenIdle(fn);
    expect(p.idle).toHaveLength(0);
    p.load();
    expect(fn).not.toHaveBeenCalled();
    p.idle.forEach((f) => f());
    expect(fn).toHaveBeenCalledOnce();
  });
  it('asks for idle time at once on a page already loaded, and can be cancelled', () => {
    const p = page('complete');
    const fn = vi.fn();
    const cancel = afterLoadWhenIdle(fn);
    expect(p.idle).toHaveLength(1);
    cancel();
    expect(p.idle).toHaveLength(0);
  });
});
