import type * as R from '../../../lib/console-api/replies';
import { openIncidents } from '../../alerts/incidents';
import type { Db } from '../../db/client';
import { setCoverageThreshold } from '../../operators/reserve-threshold';
import { reserves } from '../../views/reserves';
import { reservesText } from '../../views/reserves-text';
import type { Deps } from '../route';
import { section } from './handler';

async function reservesReply(db: Db, deps: Deps): Promise<R.Reserves> {
  const incidents = (await openIncidents(db)).map((i) => ({ kind: i.kind, openedAt: i.openedAt.toISOString() }));
  return reservesText(await reserves(db, deps.clock, deps.payments), incidents);
}

/** The reserves card of the Health page, and its threshold (admin; the domain records it on the audit log). */
export const reserveHandlers = section({
  reserves: async ({ deps }) => reservesReply(deps.db, deps),
  setCoverageThreshold: async ({ deps, input, operator }) => {
    await setCoverageThreshold(deps.db, deps.clock, operator, input.percent);
    return reservesReply(deps.db, deps);
  },
});
