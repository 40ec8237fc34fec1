import { getAddress } from 'viem';
import { setFounder } from '../../users/founder';
import { createRootUser } from '../../users/registry';
import * as views from '../../views/console';
import { section } from './handler';
import { domain, must } from './refusal';

/** Members: the list, one member's detail, ledger, team and mail; founders marked; root members added. */
export const memberHandlers = section({
  members: ({ deps, input }) => views.memberPage(deps.db, input),
  member: async ({ deps, input }) => must(await views.memberDetail(deps.db, getAddress(input.address), deps.clock.now()), input.address),
  memberLedger: async ({ deps, input }) => must(await views.memberLedger(deps.db, getAddress(input.address), input.page, input.limit), input.address),
  memberTeam: async ({ deps, input }) =>
    must(await views.memberTeam(deps.db, getAddress(input.address), input.generation, input.page, input.limit), input.address),
  memberMail: ({ deps, input }) => views.mailPage(deps.db, { page: input.page, limit: input.limit, filter: 'all', address: getAddress(input.address) }),
  setFounder: async ({ deps, input, audit }) => {
    const address = getAddress(input.address);
    const before = must(await views.memberRow(deps.db, address), address);
    await setFounder(deps.db, { address }, input.founder);
    const after = (await views.memberRow(deps.db, address))!;
    audit({ target: `member:${address}`, before: { founder: before.founder }, after: { founder: after.founder } });
    return after;
  },
  addRoot: async ({ deps, input, audit }) => {
    const address = getAddress(input.address);
    await domain(createRootUser(deps.db, address));
    const after = (await views.memberRow(deps.db, address))!;
    audit({ target: `member:${address}`, before: null, after });
    return after;
  },
});
