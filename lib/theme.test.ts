import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from './storage-keys';
import { storedTheme } from './theme';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LOCAL_KEYS.theme ? value : null) });

describe('theme', () => {
  it('reads the stored choice and falls back to dark for nothing or anything unknown', () => {
    expect(storedTheme(storage('light'))).toBe('light');
    expect(storedTheme(storage('dark'))).toBe('dark');
    expect(storedTheme(storage(null))).toBe('dark');
    expect(storedTheme(storage('neon'))).toBe('dark');
    expect(storedTheme(undefined)).toBe('dark');
  });
});
