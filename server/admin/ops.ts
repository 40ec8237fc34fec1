import { z } from 'zod';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/client';
import type { ApiLanguage } from '../../lib/i18n';
import { addBanner, listBanners } from '../content/operator';
import { putSetting } from '../settings/settings';
import { agreementKey } from '../content/content';
import { addLevel, listLevels } from '../staking/levels';
import { createRootUser, findUser, listUsers } from '../users/registry';
import { safeUrl } from '../content/sanitize';
import { MAIL_OPS, type RichTexts, languageTexts, richTexts } from './mail-ops';
import { COMMUNITY_OPS } from './community-ops';
import type { PaymentChain } from '../community/payment';
import { REWARD_OPS } from './reward-ops';
import { WALLET_OPS } from './wallet-ops';
import { OPERATOR_OPS } from './operator-ops';
import { RESERVE_OPS } from './reserve-ops';
import { recordAudit } from '../operators/audit';
import { opAddress } from './args';
import { field } from '../../lib/api/fields';
import { AMOUNT_BOUNDS } from '../../lib/money';

// Below a billion WLD: a level's sort column (int4) holds its whole-WLD amount (AMOUNT_BOUNDS.level).
const wld = field.amount(AMOUNT_BOUNDS.level, 'an amount of WLD such as 100 or 0.5');
const scale = z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'a daily percent such as 0.5');
const period = z
  .string()
  .regex(/^\d+:\d{1,3}(\.\d{1,4})?$/, 'DAYS:PERCENT such as 30:0.5')
  .transform((v) => {
    const [day, pct] = v.split(':') as [string, string];
    return { day: Number(day), scale: scale.parse(pct) };
  });

/** Content and staking commands (mail-ops.ts has announcements and mail, wallet-ops.ts money out, reward-ops.ts rewards and ranks). */
const CONTENT_OPS = {
  'root.add': { args: z.tuple([opAddress]), run: async (db: Db, [a]: [`0x${string}`]) => createRootUser(db, a) },
  'level.add': {
    args: z.tuple([wld]).rest(period),
    run: async (db: Db, [num, ...ps]: [bigint, ...{ day: number; scale: string }[]]) => ({ id: await addLevel(db, num, ps), num: num.toString(), periods: ps }),
  },
  'banner.add': {
    // <img_path> <url or -> zh <title> [en <title> …]
    args: z
      .tuple([z.string().min(1), z.string()])
      .rest(z.string())
      .transform(([imgPath, url, ...rest], ctx) => {
        const titles = languageTexts(2).safeParse(rest);
        if (!titles.success) titles.error.issues.forEach((i) => ctx.addIssue({ code: 'custom', message: i.message }));
        // The image and the link reach an <img src> and an <a href>: http(s) or a path of the app only.
        const urlPath = url === '-' ? '' : safeUrl(url);
        if (safeUrl(imgPath) === null) ctx.addIssue({ code: 'custom', message: `the image must be an http(s) URL or a relative path: ${imgPath}` });
        if (urlPath === null) ctx.addIssue({ code: 'custom', message: `the link must be an http(s) URL, a relative path or #/route, or -: ${url}` });
        return { imgPath: imgPath.trim(), urlPath: urlPath ?? '', titles: titles.data ?? new Map<ApiLanguage, string[]>() };
      }),
    run: async (db: Db, b: { imgPath: string; urlPath: string; titles: Map<ApiLanguage, string[]> }) => {
      const titles = new Map([...b.titles].map(([language, [imgTitle]]) => [language, imgTitle!]));
      return { ...(await addBanner(db, { imgPath: b.imgPath, urlPath: b.urlPath, titles })), languages: [...b.titles.keys()] };
    },
  },
  'agreement.set': {
    // zh <html> [en <html> …]: replaces the agreement in the languages given, cleaned; `removed` says what went.
    args: richTexts(2),
    run: async (db: Db, { texts, removed }: RichTexts) => {
      for (const [language, [html]] of texts) {
        await putSetting(db, agreementKey(language), html!);
      }
      return { languages: [...texts.keys()], removed };
    },
  },
  'levels.list': { args: z.tuple([]), run: async (db: Db) => listLevels(db) },
  'banners.list': {
    args: z.tuple([]),
    run: async (db: Db) => listBanners(db),
  },
  'users.list': {
    args: z.tuple([]),
    run: async (db: Db) => listUsers(db),
  },
  'user.find': {
    args: z.tuple([opAddress]),
    run: async (db: Db, [a]: [`0x${string}`]) => (await findUser(db, a)) ?? null,
  },
} as const;

/** Operator commands: one schema each, shared by the CLI (direct database) and the loopback admin endpoint. */
export const OPS = { ...CONTENT_OPS, ...MAIL_OPS, ...WALLET_OPS, ...REWARD_OPS, ...COMMUNITY_OPS, ...OPERATOR_OPS, ...RESERVE_OPS };

export type OpName = keyof typeof OPS;
export const isOp = (name: string): name is OpName => name in OPS;

/** Commands that only read: not on the audit log. */
const READ_ONLY_OPS = /\.(list|config|find|read|pending|flagged|check|verify|history|unmatched)$/;
/** Commands whose domain function records the change itself (besides operator.*). */
const SELF_RECORDED_OPS = new Set<string>(['reserves.threshold']);

/** Validates the arguments and runs one operator command. */
/** `chain` is the server's (or the CLI's) chain, for the commands that read it; absent without a configured chain. */
export async function runOp(db: Db, name: string, args: unknown[], clock: Clock = systemClock, chain?: PaymentChain): Promise<unknown> {
  if (!isOp(name)) throw new Error(`unknown command ${name}; known: ${Object.keys(OPS).join(', ')}`);
  const op = OPS[name];
  const parsed = op.args.safeParse(args);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const run = (on: Db) => (op.run as (db: Db, a: unknown, clock: Clock, chain?: PaymentChain) => Promise<unknown>)(on, parsed.data, clock, chain);
  // Every change on the audit log the console shows, with no operator (the CLI's admin token), in the change's own
  // transaction. The operator.* commands and SELF_RECORDED_OPS record themselves (server/operators/).
  if (READ_ONLY_OPS.test(name) || name.startsWith('operator.') || SELF_RECORDED_OPS.has(name)) return run(db);
  return db.transaction(async (tx) => {
    const result = await run(tx);
    await recordAudit(
      tx,
      { operator: null, action: `cli:${name}`, target: typeof args[0] === 'string' ? args[0] : null, after: { args, result } },
      clock.now(),
    );
    return result;
  });
}
