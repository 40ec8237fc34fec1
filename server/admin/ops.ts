import { asc, eq } from 'drizzle-orm';
import { getAddress, parseUnits } from 'viem';
import { z } from 'zod';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/client';
import { banners, levels, notices, periods, settings, users } from '../db/schema';
import { AGREEMENT_KEY } from '../content/content';
import { listLevels } from '../staking/levels';
import { createRootUser } from '../users/registry';
import { REWARD_OPS } from './reward-ops';
import { WALLET_OPS } from './wallet-ops';

const address = z.string().transform((a, ctx) => {
  try {
    return getAddress(a);
  } catch {
    ctx.addIssue({ code: 'custom', message: `not an address: ${a}` });
    return z.NEVER;
  }
});
const wld = z.string().regex(/^\d+(\.\d{1,18})?$/, 'an amount of WLD such as 100 or 0.5').transform((v) => parseUnits(v, 18));
const scale = z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'a daily percent such as 0.5');
const period = z.string().regex(/^\d+:\d{1,3}(\.\d{1,4})?$/, 'DAYS:PERCENT such as 30:0.5').transform((v) => {
  const [day, pct] = v.split(':') as [string, string];
  return { day: Number(day), scale: scale.parse(pct) };
});

/** Content and staking commands (wallet-ops.ts has money out, reward-ops.ts rewards and ranks). */
const CONTENT_OPS = {
  'root.add': { args: z.tuple([address]), run: async (db: Db, [a]: [`0x${string}`]) => createRootUser(db, a) },
  'level.add': {
    args: z.tuple([wld]).rest(period),
    run: async (db: Db, [num, ...ps]: [bigint, ...{ day: number; scale: string }[]]) =>
      db.transaction(async (tx) => {
        const [level] = await tx.insert(levels).values({ num, sort: Number(num / 10n ** 18n) }).returning();
        if (!level) throw new Error('level insert failed');
        if (ps.length) await tx.insert(periods).values(ps.map((p) => ({ levelId: level.id, day: p.day, scale: p.scale })));
        return { id: level.id, num: num.toString(), periods: ps };
      }),
  },
  'banner.add': {
    args: z.tuple([z.string().min(1), z.string().min(1)]).rest(z.string()),
    run: async (db: Db, [imgPath, imgTitle, urlPath]: [string, string, ...string[]]) =>
      (await db.insert(banners).values({ imgPath, imgTitle, urlPath: urlPath ?? '' }).returning())[0],
  },
  'notice.add': {
    args: z.tuple([z.string().min(1), z.string().min(1)]),
    run: async (db: Db, [title, content]: [string, string]) => (await db.insert(notices).values({ title, content }).returning())[0],
  },
  'agreement.set': {
    args: z.tuple([z.string().min(1)]),
    run: async (db: Db, [html]: [string]) => {
      await db.insert(settings).values({ key: AGREEMENT_KEY, value: html }).onConflictDoUpdate({ target: settings.key, set: { value: html } });
      return { length: html.length };
    },
  },
  'levels.list': { args: z.tuple([]), run: async (db: Db) => listLevels(db) },
  'banners.list': { args: z.tuple([]), run: async (db: Db) => db.select().from(banners).orderBy(asc(banners.id)) },
  'notices.list': { args: z.tuple([]), run: async (db: Db) => db.select().from(notices).orderBy(asc(notices.id)) },
  'users.list': {
    args: z.tuple([]),
    run: async (db: Db) => db.select({ id: users.id, address: users.address, inviterId: users.inviterId }).from(users).orderBy(asc(users.id)),
  },
  'user.find': {
    args: z.tuple([address]),
    run: async (db: Db, [a]: [`0x${string}`]) => (await db.select().from(users).where(eq(users.address, a)).limit(1))[0] ?? null,
  },
} as const;

/** Operator commands: one schema each, shared by the CLI (direct database) and the loopback admin endpoint. */
export const OPS = { ...CONTENT_OPS, ...WALLET_OPS, ...REWARD_OPS };

export type OpName = keyof typeof OPS;
export const isOp = (name: string): name is OpName => name in OPS;

/** Validates the arguments and runs one operator command. */
export async function runOp(db: Db, name: string, args: unknown[], clock: Clock = systemClock): Promise<unknown> {
  if (!isOp(name)) throw new Error(`unknown command ${name}; known: ${Object.keys(OPS).join(', ')}`);
  const op = OPS[name];
  const parsed = op.args.safeParse(args);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return (op.run as (db: Db, a: unknown, clock: Clock) => Promise<unknown>)(db, parsed.data, clock);
}
