import type { Deps } from '../route';

// Keyed by the settings, which a handler's deps share with the mounted app's (a write runs with its transaction as db).
const siteOf = new WeakMap<Deps['config'], { origin: string; chainId: number }>();

/** The console's own origin and chain, the only site its sign-in names (CONSOLE_ORIGIN, set when the API is mounted). */
export const consoleSite = (deps: Deps) => siteOf.get(deps.config) ?? { origin: `http://127.0.0.1:${deps.config.adminPort}`, chainId: deps.config.chainId };

export function setConsoleSite(deps: Deps, origin: string) {
  siteOf.set(deps.config, { origin, chainId: deps.config.chainId });
}
