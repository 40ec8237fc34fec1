import { existsSync, readFileSync } from 'node:fs';
import { createPublicClient, http } from 'viem';
import { runOp } from '../../server/admin/ops';
import { chainSettings, paymentChain } from '../../server/chain/settings';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

// The CLI reads the server's settings (port, token, database); it serves nothing, so it needs no secrets of its own.
const config = loadConfig(process.env, 'operate');
// The admin endpoints are the server's own app on its loopback ADMIN_PORT (never the public port); ADMIN_URL overrides.
const adminUrl = process.env.ADMIN_URL ?? `http://127.0.0.1:${config.adminPort}/admin`;
const tokenFile = config.adminTokenFile;
const token = () => config.adminToken ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');

/** POSTs to the running server's loopback admin endpoint; undefined when no server answers. */
export async function adminPost(path: string, body: unknown): Promise<{ result?: unknown; error?: string } | undefined> {
  try {
    const res = await fetch(`${adminUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { result?: unknown; error?: string };
  } catch {
    return undefined;
  }
}

/**
 * Runs an operator command through the server when it is running (PGlite allows one process on the data
 * folder), otherwise directly on the database.
 */
export async function operate(op: string, args: string[]): Promise<unknown> {
  const viaServer = await adminPost('/op', { op, args });
  if (viaServer) {
    if (viaServer.error) throw new Error(viaServer.error);
    return viaServer.result;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const chain = chainSettings(config.chain);
  try {
    return await runOp(database.db, op, args, undefined, chain && paymentChain(createPublicClient({ transport: http(chain.rpcUrl) }), chain.indexer));
  } finally {
    await database.close();
  }
}
