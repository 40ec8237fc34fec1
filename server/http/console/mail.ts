import { getAddress } from 'viem';
import { operatorReply, operatorSend } from '../../mail/mail';
import * as views from '../../views/console';
import { id, section } from './handler';
import { domain, must } from './refusal';

/** The members' mail: the inbox, a thread, a reply, a message to one member or all. */
export const mailHandlers = section({
  mailInbox: ({ deps, input }) =>
    views.mailPage(deps.db, { page: input.page, limit: input.limit, filter: input.filter, address: input.address ? getAddress(input.address) : undefined }),
  mailThread: async ({ deps, input }) => must(await views.mailThread(deps.db, id(input.id)), `#${input.id}`),
  mailReply: async ({ deps, input, audit }) => {
    must(await views.mailThread(deps.db, id(input.id)), `#${input.id}`);
    await domain(operatorReply(deps.db, deps.clock, id(input.id), input.content));
    audit({ target: `mail:${input.id}`, before: { replied: false }, after: { reply: input.content } });
    return (await views.mailThread(deps.db, id(input.id)))!;
  },
  mailSend: async ({ deps, input, audit }) => {
    const r = await domain(
      operatorSend(deps.db, deps.clock, input.to === 'all' ? 'all' : { address: getAddress(input.to) }, { title: input.title, content: input.content }),
    );
    audit({ target: input.to === 'all' ? 'mail:all' : `member:${getAddress(input.to)}`, after: { title: input.title, content: input.content, sent: r.sent } });
    return { ids: r.ids.map(String), count: r.sent };
  },
});
