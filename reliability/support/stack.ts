import { foundry } from 'viem/chains';
import { afterAll, beforeAll } from 'vitest';
import { type Anvil, startAnvil } from '../../stack/anvil';
import { deployLocal } from '../../stack/deploy';
import { freePort } from '../../stack/ports';
import { type Database, openDatabase } from '../../server/db/client';
import { freshDatabaseUrl, testDatabaseUrls } from '../../server/test/harness';
import { postgresUrl } from './server';

export type ChainAndDatabase = { anvil: Anvil; chain: typeof foundry; url: string; database: Database };

/**
 * For the enclosing suite or describe: an anvil chain with the contracts deployed, and a fresh database on the
 * suite's PostgreSQL. Its fields are set before the first test and closed after the last.
 */
export function chainAndDatabase(): ChainAndDatabase {
  const stack = {} as ChainAndDatabase;
  beforeAll(async () => {
    const anvil = await startAnvil({ port: await freePort() });
    await deployLocal(anvil.rpcUrl, null);
    const url = await freshDatabaseUrl(postgresUrl());
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
    Object.assign(stack, { anvil, chain, url, database: await openDatabase(testDatabaseUrls(url)) });
  });
  afterAll(async () => {
    await stack.database?.close();
    await stack.anvil?.stop();
  });
  return stack;
}
