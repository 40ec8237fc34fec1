/**
 * The reserves' coverage threshold (docs/console.md, "Reserves"): the lowest coverage the operators accept, in percent
 * of what is owed, from 0.01 to 100000 with at most 2 decimals ('120' = the Vault holds 1.2 × what is owed). Empty
 * or 'off' sets none. One parser for the console's field, its zod input and the CLI.
 */
export const COVERAGE_THRESHOLD_HINT = 'a percent such as 120 (0.01 to 100000, at most 2 decimals), or off';

export type CoverageThreshold = { ok: true; value: string | null } | { ok: false };

export function parseCoverageThreshold(text: string): CoverageThreshold {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'off') return { ok: true, value: null };
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return { ok: false };
  const hundredths = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  if (hundredths < 1n || hundredths > 10_000_000n) return { ok: false };
  const whole = (hundredths / 100n).toString();
  const frac = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return { ok: true, value: frac ? `${whole}.${frac}` : whole };
}
