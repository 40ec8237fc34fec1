import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, MAINNET_WLD, env } from './env';

describe('environment config', () => {
  it('selects production (Ethereum mainnet, chain 1) by default', () => {
    expect(env.name).toBe('production');
    expect(env.chainId).toBe(1);
    expect(env.tokenAddress).toBe(MAINNET_WLD);
  });
  it('describes both environments with 18 decimals and ETH as the chain symbol', () => {
    for (const config of Object.values(ENVIRONMENTS)) {
      expect(config.decimals).toBe(18);
      expect(config.symbol).toBe('ETH');
      expect(config.tokenSymbol).toBe('WLD');
    }
    expect(ENVIRONMENTS.local.chainId).toBe(31337);
  });
});
