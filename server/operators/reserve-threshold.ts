import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/client';
import { putSetting, readSettings } from '../settings/settings';
import { recordAudit } from './audit';
import type { Actor } from './operators';

export const COVERAGE_THRESHOLD_KEY = 'reserves.coverage_threshold';

/** The operators' lowest accepted coverage, in percent (lib/coverage.ts), or null when none is set. */
export async function coverageThreshold(db: Queryable): Promise<string | null> {
  const stored = (await readSettings(db, [COVERAGE_THRESHOLD_KEY])).get(COVERAGE_THRESHOLD_KEY);
  return stored ? stored : null;
}

/** Sets (or with null clears) the coverage threshold, on record. `percent` comes parsed by parseCoverageThreshold. */
export async function setCoverageThreshold(db: Db, clock: Clock, by: Actor, percent: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const before = await coverageThreshold(tx);
    await putSetting(tx, COVERAGE_THRESHOLD_KEY, percent ?? '');
    await recordAudit(tx, { operator: by, action: 'settings.coverageThreshold', target: COVERAGE_THRESHOLD_KEY, before, after: percent }, clock.now());
    return percent;
  });
}
