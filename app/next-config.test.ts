import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import { describe, expect, it } from 'vitest';

type Config = { assetPrefix?: string; output?: string };
// A plain .mjs without types: imported by a computed path so TypeScript takes the shape given here.
const configPath = '../next.config.mjs';
const { default: configFor } = (await import(/* @vite-ignore */ configPath)) as { default: (phase: string) => Config };

describe('next.config.mjs', () => {
  it('exports with relative asset URLs, so out/ works from any sub-path', () => {
    expect(configFor(PHASE_PRODUCTION_BUILD)).toMatchObject({ output: 'export', assetPrefix: './' });
  });

  it('leaves the asset prefix out under next dev, whose hot-reload socket path it would move out of reach', () => {
    expect(configFor(PHASE_DEVELOPMENT_SERVER).assetPrefix).toBeUndefined();
  });
});
