// Plain JavaScript: next.config.mjs (run by Node as it is, without TypeScript) imports it. Types: build-settings.d.mts.

/** The settings a production build cannot do without: lib/env.ts would otherwise fall back to an empty API URL and key and the zero address. */
export const REQUIRED_BUILD_SETTINGS = ['NEXT_PUBLIC_API_URL', 'NEXT_PUBLIC_API_KEY', 'NEXT_PUBLIC_VAULT_ADDRESS'];

const ZERO = /^0x0{40}$/;

/**
 * What is wrong with a production build's settings (`env`: the build's environment), one line per setting;
 * empty when nothing is. A local build (NEXT_PUBLIC_APP_ENV=local) takes the local stack's values and needs none.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function buildSettingProblems(env) {
  const value = (name) => (env[name] ?? '').trim();
  // Optional in every build (lib/timing.ts settlementBound): when given, a whole number of milliseconds.
  const bound = value('NEXT_PUBLIC_SETTLEMENT_BOUND_MS');
  const problems = bound && !/^[1-9]\d{0,8}$/.test(bound) ? [`NEXT_PUBLIC_SETTLEMENT_BOUND_MS is not a whole number of milliseconds: ${bound}`] : [];
  if (env.NEXT_PUBLIC_APP_ENV === 'local') return problems;
  const url = value('NEXT_PUBLIC_API_URL');
  if (!url) problems.push('NEXT_PUBLIC_API_URL is not set (the API server the app calls, e.g. https://api.example.com)');
  else if (!/^https?:\/\/[^/\s]+/.test(url)) problems.push(`NEXT_PUBLIC_API_URL is not an http(s) URL: ${url}`);
  if (!value('NEXT_PUBLIC_API_KEY')) problems.push("NEXT_PUBLIC_API_KEY is not set (the key requests are signed with: the server's API_KEY)");
  const vault = value('NEXT_PUBLIC_VAULT_ADDRESS');
  if (!vault) problems.push('NEXT_PUBLIC_VAULT_ADDRESS is not set (the deployed Vault contract)');
  else if (!/^0x[0-9a-fA-F]{40}$/.test(vault)) problems.push(`NEXT_PUBLIC_VAULT_ADDRESS is not an address: ${vault}`);
  else if (ZERO.test(vault)) problems.push('NEXT_PUBLIC_VAULT_ADDRESS is the zero address');
  return problems;
}

/**
 * Stops a production build whose settings are missing or wrong, naming each one (next.config.mjs calls it for
 * `next build`).
 * @param {Record<string, string | undefined>} env
 */
export function assertBuildSettings(env) {
  const problems = buildSettingProblems(env);
  if (problems.length === 0) return;
  throw new Error(
    `The build's settings are wrong (a production build needs ${REQUIRED_BUILD_SETTINGS.join(', ')}: docs/deploy.md; NEXT_PUBLIC_APP_ENV=local builds for the local stack instead):\n` +
      problems.map((p) => `  - ${p}`).join('\n'),
  );
}
