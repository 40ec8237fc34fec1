import { createPublicClient, http } from 'viem';
import { runOp } from '../../server/admin/ops';
import { chainSettings, paymentChain } from '../../server/chain/settings';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { adminPost } from './admin-endpoint';

export { adminPost } from './admin-endpoint';

// The CLI reads the server's settings (port, token, database); it serves nothing, so it needs no secrets of its own.
const config = loadConfig(process.env, 'operate');

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationUrl: config.migrationDatabaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  const chain = chainSettings(config.chain);
  try {
    return await runOp(database.db, op, args, undefined, chain && paymentChain(createPublicClient({ transport: http(chain.rpcUrl) }), chain.indexer));
  } finally {
    await database.close();
  }
}
