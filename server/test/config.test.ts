import { describe, expect, it } from 'vitest';
import { LOCAL_API_KEY } from '../../lib/local-stack';
import { loadConfig } from '../config';

describe('server config', () => {
  it('has defaults for every variable', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({
      port: 8787,
      apiKey: LOCAL_API_KEY,
      dataDir: '.data/pglite',
      corsOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
      adminTokenFile: '.data/admin-token',
      localMode: false,
      jobIntervalMs: 60_000,
      indexIntervalMs: 1000,
      chain: { deploymentFile: '.run/deployment.local.json', confirmations: 12, startBlock: 0 },
    });
    expect(config.chain.rpcUrl).toBeUndefined();
    expect(config.chain.vault).toBeUndefined();
    expect(loadConfig({ LOCAL_MODE: '1' }).chain.confirmations).toBe(0);
    expect(loadConfig({ LOCAL_MODE: '1', CONFIRMATIONS: '3' }).chain.confirmations).toBe(3);
  });

  it('sends email only with SMTP_URL, from MAIL_FROM', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).smtp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', SMTP_URL: '' }).smtp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'WLD <no-reply@wld.example>' }).smtp).toEqual({
      url: 'smtp://127.0.0.1:1025',
      from: 'WLD <no-reply@wld.example>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL: not an smtp:// or smtps:// URL');
    expect(() => loadConfig({ SMTP_URL: 'smtp://x', MAIL_FROM: 'nobody' })).toThrow('MAIL_FROM: not a sender address');
  });

  it("reads METRICS_TOKEN, the scrape's read-only bearer token, when it is long enough", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metricsToken).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'a-read-only-scrape-token' }).metricsToken).toBe('a-read-only-scrape-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: shorter than 16 characters');
  });

  it('checksums the vault address', () => {
    const vault = loadConfig({ NODE_ENV: 'test', VAULT_ADDRESS: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' }).chain.vault;
    expect(vault).toBe('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
  });

  it('fails at start naming the variable and the rule', () => {
    expect(() => loadConfig({ VAULT_ADDRESS: '0x1234' })).toThrow('VAULT_ADDRESS: not an address');
    expect(() => loadConfig({ CONFIRMATIONS: '-1' })).toThrow('CONFIRMATIONS: not an integer ≥ 0');
    const both = () => loadConfig({ JOB_INTERVAL_MS: '0', LOCAL_MODE: 'yes' });
    expect(both).toThrow("LOCAL_MODE: not '1' or '0'");
    expect(both).toThrow('JOB_INTERVAL_MS: not a positive integer');
  });

  it('refuses the local conveniences on mainnet, and the local secrets outside the local stack', () => {
    expect(() => loadConfig({ LOCAL_MODE: '1', CHAIN_ID: '1' })).toThrow('LOCAL_MODE: must not be 1 with CHAIN_ID 1 (mainnet)');
    expect(() => loadConfig({})).toThrow('API_KEY: must be set');
    expect(() => loadConfig({})).toThrow('ADMIN_TOKEN: must be set outside LOCAL_MODE=1');
    expect(() => loadConfig({})).toThrow('APP_ORIGINS: must be set outside LOCAL_MODE=1');
    expect(() => loadConfig({ API_KEY: 'a-key-of-our-own', ADMIN_TOKEN: 'a-long-admin-token-of-our-own', APP_ORIGINS: 'https://app.example' })).not.toThrow();
    expect(loadConfig({ LOCAL_MODE: '1' }).localMode).toBe(true);
    // The operator CLI and the seed only read the settings: they need no secrets of their own.
    expect(loadConfig({}, 'operate').apiKey).toBe(LOCAL_API_KEY);
  });

  it("names the app's own origins for sign-in, and lets only them read the API outside the local stack", () => {
    const served = { API_KEY: 'a-key-of-our-own', ADMIN_TOKEN: 'a-long-admin-token-of-our-own' };
    const config = loadConfig({ ...served, APP_ORIGINS: 'https://app.example/, https://ipfs.example:8443' });
    expect(config.appOrigins).toEqual(['https://app.example', 'https://ipfs.example:8443']);
    expect(config.corsOrigins).toEqual(['https://app.example', 'https://ipfs.example:8443']);
    expect(loadConfig({ ...served, APP_ORIGINS: 'https://app.example', CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => loadConfig({ ...served, APP_ORIGINS: 'app.example' })).toThrow('APP_ORIGINS: not a comma-separated list of http(s) origins');
    expect(() => loadConfig({ ...served, APP_ORIGINS: 'https://app.example,ftp://files.example' })).toThrow('APP_ORIGINS: not a comma-separated list');
    // The local stack names its own app and answers any origin (a local chain's play money).
    expect(loadConfig({ LOCAL_MODE: '1' })).toMatchObject({ appOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000'], corsOrigins: ['*'] });
  });
});
