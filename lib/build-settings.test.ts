import { describe, expect, it } from 'vitest';
import { assertBuildSettings, buildSettingProblems } from './build-settings.mjs';

const good = {
  NEXT_PUBLIC_API_URL: 'https://api.example.com',
  NEXT_PUBLIC_API_KEY: 'k3y',
  NEXT_PUBLIC_VAULT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};

describe('a production build names each missing setting instead of falling back to the zero address and an empty key', () => {
  it('passes with the three settings', () => {
    expect(buildSettingProblems(good)).toEqual([]);
    expect(() => assertBuildSettings(good)).not.toThrow();
  });

  it('fails with none of them and names all three', () => {
    expect(() => assertBuildSettings({})).toThrow(
      /NEXT_PUBLIC_API_URL is not set[\s\S]*NEXT_PUBLIC_API_KEY is not set[\s\S]*NEXT_PUBLIC_VAULT_ADDRESS is not set/,
    );
  });

  it.each(['NEXT_PUBLIC_API_URL', 'NEXT_PUBLIC_API_KEY', 'NEXT_PUBLIC_VAULT_ADDRESS'] as const)('fails without %s alone, and names only it', (name) => {
    for (const missing of [undefined, '', '  ']) {
      const problems = buildSettingProblems({ ...good, [name]: missing });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(`${name} is not set`);
    }
  });

  it('refuses the zero address, a vault that is not an address and an API URL that is not http(s)', () => {
    expect(buildSettingProblems({ ...good, NEXT_PUBLIC_VAULT_ADDRESS: '0x0000000000000000000000000000000000000000' })).toEqual([
      'NEXT_PUBLIC_VAULT_ADDRESS is the zero address',
    ]);
    expect(buildSettingProblems({ ...good, NEXT_PUBLIC_VAULT_ADDRESS: '0x1234' })[0]).toContain('is not an address');
    expect(buildSettingProblems({ ...good, NEXT_PUBLIC_API_URL: 'api.example.com' })[0]).toContain('is not an http(s) URL');
  });

  it('asks nothing of a local build (the local stack supplies its own values)', () => {
    expect(buildSettingProblems({ NEXT_PUBLIC_APP_ENV: 'local' })).toEqual([]);
  });

  it('refuses a settlement bound that is not a whole number of milliseconds, in a local build too', () => {
    expect(buildSettingProblems({ ...good, NEXT_PUBLIC_SETTLEMENT_BOUND_MS: '12000' })).toEqual([]);
    expect(buildSettingProblems({ NEXT_PUBLIC_APP_ENV: 'local', NEXT_PUBLIC_SETTLEMENT_BOUND_MS: '12 s' })).toEqual([
      'NEXT_PUBLIC_SETTLEMENT_BOUND_MS is not a whole number of milliseconds: 12 s',
    ]);
  });
});
