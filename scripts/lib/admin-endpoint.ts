import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../../server/config';

// The running server's operator endpoints: its own app on its loopback ADMIN_PORT (never the public port), ADMIN_URL
// overrides, with the server's token. Only the settings are read here, so a command that only talks to the server
// (npm run backup) starts without loading the domains.
const config = loadConfig(process.env, 'operate');
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

/** GETs from the running server's loopback admin endpoint (a file such as /backup); undefined when no server answers. */
export async function adminGet(path: string): Promise<Response | undefined> {
  return fetch(`${adminUrl}${path}`, { headers: { authorization: `Bearer ${token()}` } }).catch(() => undefined);
}
