import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LOCAL_CHAIN_ID } from '../lib/local-stack';

export type Anvil = { rpcUrl: string; port: number; chainId: number; process: ChildProcess; stop: () => Promise<void> };

/** The anvil binary shipped inside the npm platform package (no download at run time). */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
}

/**
 * How many mnemonic accounts anvil funds with ETH: the e2e specs and screenshots use accounts up to 45
 * (docs/e2e.md), and a payment or an owner's transaction needs gas.
 */
export const ANVIL_ACCOUNTS = 46;

/**
 * Starts anvil on 127.0.0.1:port and resolves once it answers JSON-RPC. anvil answers the `finalized` block tag
 * with head − 2 × `slotsInAnEpoch` (default 32; the genesis while the chain is shorter).
 */
export async function startAnvil(opts: { port: number; chainId?: number; statePath?: string; slotsInAnEpoch?: number }): Promise<Anvil> {
  const chainId = opts.chainId ?? LOCAL_CHAIN_ID;
  const args = ['--host', '127.0.0.1', '--port', String(opts.port), '--chain-id', String(chainId), '--accounts', String(ANVIL_ACCOUNTS), '--silent'];
  if (opts.statePath) args.push('--state', opts.statePath);
  if (opts.slotsInAnEpoch) args.push('--slots-in-an-epoch', String(opts.slotsInAnEpoch));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const rpcUrl = `http://127.0.0.1:${opts.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode} (port ${opts.port} in use?)`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      });
      if (res.ok) return { rpcUrl, port: opts.port, chainId, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('anvil did not start within 20 s');
}
