import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Config = { assetPrefix?: string; output?: string };
// A plain .mjs without types: imported by a computed path so TypeScript takes the shape given here.
const configPath = '../next.config.mjs';
const { default: configFor } = (await import(/* @vite-ignore */ configPath)) as { default: (phase: string) => Config };

describe('next.config.mjs', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('exports with relative asset URLs, so out/ works from any sub-path', () => {
    // A production build needs its settings (lib/build-settings.test.ts covers their absence).
    vi.stubEnv('NEXT_PUBLIC_API_URL', 'https://api.example');
    vi.stubEnv('NEXT_PUBLIC_API_KEY', 'key');
    vi.stubEnv('NEXT_PUBLIC_VAULT_ADDRESS', '0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(configFor(PHASE_PRODUCTION_BUILD)).toMatchObject({ output: 'export', assetPrefix: './' });
  });

  it('leaves the asset prefix out under next dev, whose hot-reload socket path it would move out of reach', () => {
    expect(configFor(PHASE_DEVELOPMENT_SERVER).assetPrefix).toBeUndefined();
  });
});
