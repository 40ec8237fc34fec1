import type { Deps } from '../route';

const siteOf = new WeakMap<Deps, { origin: string; chainId: number }>();

/** The console's own origin and chain, the only site its sign-in names (CONSOLE_ORIGIN, set when the API is mounted). */
export const consoleSite = (deps: Deps) => siteOf.get(deps) ?? { origin: `http://127.0.0.1:${deps.config.adminPort}`, chainId: deps.config.chainId };

export function setConsoleSite(deps: Deps, origin: string) {
  siteOf.set(deps, { origin, chainId: deps.config.chainId });
}
