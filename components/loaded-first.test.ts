import { describe, expect, it, vi } from 'vitest';
import { loadedFirst } from './loaded-first';

describe('loadedFirst', () => {
  it('loads once for any number of calls and keeps the module once it is in', async () => {
    const load = vi.fn(async () => 'sheet');
    const module = loadedFirst(load);
    expect(module.current).toBeUndefined();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect([a, b, module.current]).toEqual(['sheet', 'sheet', 'sheet']);
    await module.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so that the next tap tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('menu');
    const module = loadedFirst(load);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current).toBeUndefined();
    await expect(module.load()).resolves.toBe('menu');
    expect(module.current).toBe('menu');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
