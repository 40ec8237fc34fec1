import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { type Address, type Hex, getAddress, parseUnits } from 'viem';
import { z } from 'zod';
import {
  CONSOLE_API_PREFIX, CONSOLE_COOKIE, CONSOLE_CSRF_HEADER, CONSOLE_PHOTO_PREFIX, type ConsoleEndpointName, type ConsoleEndpoints,
  type ConsoleErrorCode, type ConsoleParsedInputOf, type ConsoleReplyOf, consoleEndpoints,
} from '../../lib/console-api/contract';
import * as inputs from '../../lib/console-api/inputs';
import type { Role } from '../../lib/console-api/inputs';
import type * as R from '../../lib/console-api/replies';
import type { ApiLanguage } from '../../lib/i18n';
import { indexedBlock } from '../chain/cursor';
import { decide } from '../community/applications';
import { readPhoto } from '../community/photos';
import { verifyPayment } from '../community/payment';
import { COMMUNITY_KEYS, communitySettings } from '../community/rules';
import { unmatchedPayments } from '../community/unused-payments';
import { agreementKey } from '../content/content';
import { addBanner, addNotice, removeBanner, removeNotice, replaceNoticeTexts } from '../content/operator';
import { storeBannerImage } from '../content/images';
import { cleanHtml, safeUrl } from '../content/sanitize';
import { AppError } from '../errors';
import { stakingLastRun } from '../jobs/last-run';
import { type MessageKey, translate } from '../i18n';
import { ledgerCheck } from '../ledger/checks';
import { MIN_KEYS, walletConfig } from '../ledger/limits';
import { rejectWithdrawal } from '../ledger/withdrawals';
import { outboxHealth } from '../reminders/health';
import { logger } from '../log';
import { operatorReply, operatorSend } from '../mail/mail';
import { approvalMessage, approvalThreshold, approveWithdrawalSigned, setApprovalThreshold } from '../operators/approvals';
import { type AuditEntry, auditPage, lastAudit, recordAudit } from '../operators/audit';
import { type Operator, addOperator, hasRole, listOperators, removeOperator, setOperatorRoles } from '../operators/operators';
import { CONSOLE_SESSION_TTL_MS, type ConsoleSession, consoleLogin, consoleLogout, consoleNonce, consoleSession } from '../operators/sessions';
import { changeRule, rulesNow } from '../rewards/rules';
import { putSetting } from '../settings/settings';
import { addLevel, listLevels } from '../staking/levels';
import { setFounder } from '../users/founder';
import { createRootUser } from '../users/registry';
import * as views from '../views/console';
import type { Deps } from './route';

/**
 * The operator console's API (issue 34; lib/console-api/contract.ts, docs/console.md): POST /console/api/<name>
 * on the admin app, JSON in, `{ ok, data }` / `{ ok: false, error }` out. A session cookie (HttpOnly,
 * SameSite=Strict, Path=/console) from a Sign-In with Ethereum for the console's own origin, the csrf token in a
 * header on every call but sign-in and `me`, a same-origin check on Origin, the role checked here for every
 * endpoint, and one audit row for every change (in the action's own transaction where the domain writes it).
 */

export type ConsoleOptions = { origin: string };

/** Whether a session may see application photos (support or admin), for the photo route. */
const mayReadApplications = (roles: readonly Role[]) => hasRole(roles, ['support']);

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const STATUS: Record<ConsoleErrorCode, 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503> = {
  invalidInput: 400, unauthenticated: 401, csrf: 403, forbidden: 403, notOperator: 403, badSignature: 400, foreignOrigin: 400,
  expired: 400, notFound: 404, conflict: 409, sameOperator: 409, tooMany: 429, unavailable: 503, internal: 500,
};

const CODE_OF: Partial<Record<MessageKey, ConsoleErrorCode>> = {
  consoleInvalidInput: 'invalidInput', consoleUnauthenticated: 'unauthenticated', consoleCsrf: 'csrf', consoleForbidden: 'forbidden',
  consoleNotOperator: 'notOperator', consoleBadSignature: 'badSignature', consoleForeignOrigin: 'foreignOrigin', consoleExpired: 'expired',
  consoleNotFound: 'notFound', consoleSameOperator: 'sameOperator', consoleNotUnderReview: 'conflict', consoleOperatorExists: 'conflict',
  consoleNoOperator: 'conflict', consoleOwnAdmin: 'conflict', consoleRefused: 'conflict', consoleUnavailable: 'unavailable', consoleTooMany: 'tooMany',
};

/** A refusal with its code, message key and (for input) the fields at fault. */
class ConsoleRefusal extends Error {
  constructor(readonly code: ConsoleErrorCode, readonly key: MessageKey, readonly params: Record<string, string> = {}, readonly fields?: Record<string, string>) {
    super(key);
  }
}

/** Accept-Language → the server's language codes; Simplified Chinese unless another of the five is asked for first. */
export function consoleLanguage(header: string | undefined): ApiLanguage {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'cht';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('fr')) return 'fra';
    if (tag.startsWith('ko')) return 'kor';
  }
  return 'zh';
}

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

type Ctx<N extends ConsoleEndpointName> = {
  deps: Deps;
  c: Context;
  input: ConsoleParsedInputOf<ConsoleEndpoints[N]>;
  language: ApiLanguage;
  session: ConsoleSession | undefined;
  /** The acting operator (absent on sign-in). */
  operator: Address;
  /** Records the change in the audit log once the handler succeeds (for actions whose domain does not record it). */
  audit: (entry: Omit<AuditEntry, 'operator' | 'action'> & { action?: string }) => void;
};
type Handlers = { [N in ConsoleEndpointName]: (ctx: Ctx<N>) => Promise<ConsoleReplyOf<ConsoleEndpoints[N]>> };

const id = (v: string) => Number(v);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const wei = (wld: string) => parseUnits(wld, 18);
const notFound = (what: string) => new ConsoleRefusal('notFound', 'consoleNotFound', { what });
const refused = (detail: string) => new ConsoleRefusal('conflict', 'consoleRefused', { detail });
const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw notFound(what);
  return value;
};

const operatorRow = (o: Operator): R.OperatorRow => ({ address: o.address, roles: o.roles, note: o.note, active: o.active, addedAt: o.addedAt.toISOString(), addedBy: o.addedBy });
const sessionReply = (s: { operator: Operator; csrfToken: string }): R.Session => ({ address: s.operator.address, roles: s.operator.roles, csrfToken: s.csrfToken });
const toWallet = (w: Awaited<ReturnType<typeof walletConfig>>): R.WalletSettings => ({ recharge: w.min_recharge, withdraw: w.min_withdraw, transfer: w.min_transfer });
const toCommunity = (s: Awaited<ReturnType<typeof communitySettings>>): R.CommunitySettings => ({ rule: s.rule, amount: s.amount.toString() });
const rulesReply = async (deps: Deps): Promise<R.Rule[]> => (await rulesNow(deps.db, deps.clock)).map((r) => ({ key: r.key, value: r.value, fromTomorrow: r.fromTomorrow ?? null, default: r.default }));

/** Operator HTML per language, cleaned (server/content/sanitize.ts): what was removed is answered; HTML with nothing left is refused. */
function cleanTexts<T>(texts: Partial<Record<ApiLanguage, T>>, html: (t: T) => string, put: (t: T, clean: string) => T) {
  const cleaned = new Map<ApiLanguage, T>();
  const removed: Partial<Record<ApiLanguage, string[]>> = {};
  for (const [language, t] of Object.entries(texts) as [ApiLanguage, T][]) {
    if (t === undefined) continue;
    const { html: clean, removed: taken } = cleanHtml(html(t));
    if (!clean) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: `${language}: empty once cleaned` }, { [`texts.${language}`]: 'empty once cleaned' });
    if (taken.length) removed[language] = taken;
    cleaned.set(language, put(t, clean));
  }
  return { cleaned, removed };
}

/** A domain's refusal in plain English (the CLI's wording) becomes a localised 'Refused: …'. */
async function domain<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError || error instanceof ConsoleRefusal) throw error;
    if (error instanceof Error && !('code' in error) && !(error.cause instanceof Error)) throw refused(error.message);
    throw error;
  }
}

const handlers: Handlers = {
  getNonce: async ({ deps, input, language }) => {
    const { message, expiresAt } = await consoleNonce(deps.db, deps.clock, consoleSite(deps), input.address, language);
    return { message, expiresAt: expiresAt.toISOString() };
  },
  login: async ({ deps, input, c }) => {
    const { token, csrfToken, operator } = await consoleLogin(deps.db, deps.clock, consoleSite(deps), input.message, input.signature as Hex);
    setCookie(c, CONSOLE_COOKIE, token, {
      httpOnly: true, sameSite: 'Strict', path: '/console', secure: consoleSite(deps).origin.startsWith('https:'), maxAge: CONSOLE_SESSION_TTL_MS / 1000,
    });
    return sessionReply({ operator, csrfToken });
  },
  logout: async ({ deps, session, c }) => {
    await consoleLogout(deps.db, deps.clock, session!);
    deleteCookie(c, CONSOLE_COOKIE, { path: '/console' });
    return {};
  },
  me: async ({ session }) => sessionReply(session!),

  withdrawalQueue: ({ deps, input }) =>
    views.withdrawalPage(deps.db, { page: input.page, limit: input.limit, address: input.address, ...(input.flagged ? { flagged: true } : { status: ['under-review'] }) }, deps.clock.now()),
  withdrawalDetail: async ({ deps, input }) => must(await views.withdrawalDetail(deps.db, id(input.id), deps.clock.now()), `#${input.id}`),
  withdrawalHistory: async ({ deps, input }) => {
    const page = await views.withdrawalPage(deps.db, {
      page: input.page, limit: input.limit, address: input.address,
      status: input.status ? [input.status] : ['audit-successful', 'audit-failed', 'failed-insufficient'],
      from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined,
    }, deps.clock.now());
    return { ...page, items: page.items.map(({ balance: _balance, ...w }) => w) };
  },
  approvalMessage: async ({ deps, input, operator, language }) => ({ id: input.id, message: await approvalMessage(deps.db, id(input.id), operator, language) }),
  approveWithdrawal: async ({ deps, input, operator }) => {
    const r = await approveWithdrawalSigned(deps.db, deps.clock, operator, id(input.id), input.signature as Hex);
    return { id: String(r.id), outcome: r.outcome, approvals: r.approvals.map((a) => ({ operator: a.operator, at: a.at.toISOString() })), approvalsNeeded: r.approvalsNeeded };
  },
  rejectWithdrawal: async ({ deps, input, audit }) => {
    const r = await domain(rejectWithdrawal(deps.db, deps.clock, id(input.id), input.reason)).catch((error: unknown) => {
      throw error instanceof ConsoleRefusal && /not under review/.test(error.params.detail ?? '') ? new AppError('consoleNotUnderReview') : error;
    });
    audit({ target: `withdrawal:${input.id}`, before: { status: 'under-review' }, after: r });
    return { id: String(r.id), status: r.status };
  },

  mailInbox: ({ deps, input }) => views.mailPage(deps.db, { page: input.page, limit: input.limit, filter: input.filter, address: input.address ? getAddress(input.address) : undefined }),
  mailThread: async ({ deps, input }) => must(await views.mailThread(deps.db, id(input.id)), `#${input.id}`),
  mailReply: async ({ deps, input, audit }) => {
    must(await views.mailThread(deps.db, id(input.id)), `#${input.id}`);
    await domain(operatorReply(deps.db, deps.clock, id(input.id), input.content));
    audit({ target: `mail:${input.id}`, before: { replied: false }, after: { reply: input.content } });
    return (await views.mailThread(deps.db, id(input.id)))!;
  },
  mailSend: async ({ deps, input, audit }) => {
    const r = await domain(operatorSend(deps.db, deps.clock, input.to === 'all' ? 'all' : { address: getAddress(input.to) }, { title: input.title, content: input.content }));
    audit({ target: input.to === 'all' ? 'mail:all' : `member:${getAddress(input.to)}`, after: { title: input.title, content: input.content, sent: r.sent } });
    return { ids: r.ids.map(String), count: r.sent };
  },

  applications: ({ deps, input }) => views.applicationPage(deps.db, input),
  applicationDetail: async ({ deps, input }) => {
    const a = must(await views.applicationOf(deps.db, id(input.id)), `#${input.id}`);
    const payment: R.Payment = { txHash: a.payHash, from: a.payFrom, to: a.receiver, amount: a.amount.toString(), confirmations: null, verified: false, problem: null };
    if (deps.payments) {
      try {
        const receipt = await deps.payments.client.getTransactionReceipt({ hash: a.payHash as Hex });
        payment.confirmations = Number((await deps.payments.client.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber + 1n);
        await verifyPayment(deps.payments, { hash: a.payHash as Hex, from: getAddress(a.payFrom), to: getAddress(a.receiver), amount: a.amount });
        payment.verified = true;
      } catch (error) {
        payment.problem = error instanceof AppError ? translate(error.key, 'en', error.params) : (error as Error).message.split('\n')[0]!;
      }
    } else payment.problem = 'no chain configured';
    const { photoIds, payHash: _h, payFrom: _f, receiver: _r, amount: _a, ...row } = a;
    return { ...row, photoUrls: photoIds.map((p) => `${CONSOLE_PHOTO_PREFIX}${p}`), payment };
  },
  approveApplication: async ({ deps, input, audit }) => {
    const r = await domain(decide(deps.db, id(input.id), { approve: true }, deps.clock.now()));
    audit({ target: `application:${input.id}`, before: { status: 'pending' }, after: r });
    return { id: input.id, status: 'approved' };
  },
  rejectApplication: async ({ deps, input, audit }) => {
    const r = await domain(decide(deps.db, id(input.id), { approve: false, reason: input.reason }, deps.clock.now()));
    audit({ target: `application:${input.id}`, before: { status: 'pending' }, after: r });
    return { id: input.id, status: 'rejected' };
  },
  founders: ({ deps, input }) => views.founderPage(deps.db, input.page, input.limit),
  unmatchedPayments: async ({ deps }) => {
    if (!deps.payments) throw new ConsoleRefusal('unavailable', 'consoleUnavailable');
    return (await unmatchedPayments(deps.db, deps.payments)).map((p) => ({ txHash: p.pay_hash, from: p.from, to: p.receiver, amount: p.amount, block: p.block }));
  },

  banners: ({ deps }) => views.bannerRows(deps.db),
  addBanner: async ({ deps, input, audit }) => {
    const image = safeUrl(input.image);
    const link = input.link ? safeUrl(input.link) : '';
    if (image === null) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: 'image' }, { image: 'an http(s) URL or a path' });
    if (link === null) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: 'link' }, { link: 'an http(s) URL, a path or #/route' });
    const titles = new Map(Object.entries(input.titles).filter((e): e is [ApiLanguage, string] => e[1] !== undefined));
    const banner = await addBanner(deps.db, { imgPath: image, urlPath: link, titles, position: String(input.position) });
    const row = (await views.bannerRows(deps.db)).find((b) => b.id === String(banner.id))!;
    audit({ target: `banner:${banner.id}`, after: row });
    return row;
  },
  uploadBannerImage: async ({ deps, input, audit }) => {
    const base64 = input.base64.replace(/^data:[\w/+.-]+;base64,/, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: 'base64' }, { base64: 'base64 image data' });
    const stored = await storeBannerImage(deps.db, new Uint8Array(Buffer.from(base64, 'base64')));
    if ('refused' in stored) {
      const why = stored.refused === 'tooLarge' ? 'at most 2 MiB' : 'a PNG, JPEG or WebP image';
      throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: `base64: ${why}` }, { base64: why });
    }
    const path = `${deps.config.links.api}/media/banners/${stored.id}.jpg`;
    audit({ target: `banner-image:${stored.id}`, after: { name: input.name, path } });
    return { path };
  },
  removeBanner: async ({ deps, input, audit }) => {
    const before = must((await views.bannerRows(deps.db)).find((b) => b.id === input.id), `#${input.id}`);
    await removeBanner(deps.db, id(input.id));
    audit({ target: `banner:${input.id}`, before, after: null });
    return {};
  },
  notices: ({ deps, input }) => views.noticePage(deps.db, input.page, input.limit),
  notice: async ({ deps, input }) => must(await views.noticeFull(deps.db, id(input.id)), `#${input.id}`),
  saveNotice: async ({ deps, input, audit }) => {
    const { cleaned, removed } = cleanTexts(input.texts, (t) => t.content, (t, content) => ({ title: t.title, content }));
    let noticeId: number;
    let before: R.NoticeFull | null = null;
    if (input.id) {
      before = must(await views.noticeFull(deps.db, id(input.id)), `#${input.id}`);
      if (!(await replaceNoticeTexts(deps.db, id(input.id), cleaned))) throw notFound(`#${input.id}`);
      noticeId = id(input.id);
    } else noticeId = await addNotice(deps.db, cleaned);
    audit({ target: `notice:${noticeId}`, before, after: Object.fromEntries(cleaned) });
    return { id: String(noticeId), removed };
  },
  removeNotice: async ({ deps, input, audit }) => {
    const before = must(await views.noticeFull(deps.db, id(input.id)), `#${input.id}`);
    await removeNotice(deps.db, id(input.id));
    audit({ target: `notice:${input.id}`, before, after: null });
    return {};
  },
  agreement: ({ deps }) => views.agreementTexts(deps.db),
  setAgreement: async ({ deps, input, audit }) => {
    const { cleaned, removed } = cleanTexts(input.texts, (t) => t, (_t, clean) => clean);
    const before = await views.agreementTexts(deps.db);
    await deps.db.transaction(async (tx) => {
      for (const [language, html] of cleaned) await putSetting(tx, agreementKey(language), html);
    });
    audit({ target: 'agreement', before: before.texts, after: Object.fromEntries(cleaned) });
    return { id: 'agreement', removed };
  },

  levels: async ({ deps }) =>
    (await listLevels(deps.db)).map((l) => ({ id: l.id, amount: l.num, periods: l.infos.map((p) => ({ id: p.id, days: Number(p.day), percent: p.scale })) })),
  addLevel: async ({ deps, input, audit }) => {
    if (wei(input.amount) >= parseUnits('1000000000', 18)) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: 'amount below 1000000000 WLD' }, { amount: 'below 1000000000 WLD' });
    const levelId = await domain(addLevel(deps.db, wei(input.amount), input.periods.map((p) => ({ day: p.days, scale: p.percent }))));
    const row = (await listLevels(deps.db)).find((l) => l.id === String(levelId))!;
    const reply = { id: row.id, amount: row.num, periods: row.infos.map((p) => ({ id: p.id, days: Number(p.day), percent: p.scale })) };
    audit({ target: `level:${levelId}`, after: reply });
    return reply;
  },
  rules: ({ deps }) => rulesReply(deps),
  setRule: async ({ deps, input, audit }) => {
    const before = (await rulesReply(deps)).find((r) => r.key === input.key);
    const change = await domain(changeRule(deps.db, deps.clock, input.key, input.value));
    audit({ target: `rule:${input.key}`, before: before ?? null, after: { value: input.value, effectiveAt: iso(change?.effectiveAt) } });
    return rulesReply(deps);
  },
  ruleHistory: ({ deps, input }) => views.ruleHistoryPage(deps.db, input.page, input.limit),
  walletSettings: async ({ deps }) => toWallet(await walletConfig(deps.db)),
  setWalletMinimum: async ({ deps, input, audit }) => {
    const before = toWallet(await walletConfig(deps.db));
    await putSetting(deps.db, MIN_KEYS[input.kind], wei(input.amount).toString());
    const after = toWallet(await walletConfig(deps.db));
    audit({ target: `minimum:${input.kind}`, before, after });
    return after;
  },
  communitySettings: async ({ deps }) => toCommunity(await communitySettings(deps.db)),
  setCommunityRule: async ({ deps, input, audit }) => {
    const before = toCommunity(await communitySettings(deps.db));
    await putSetting(deps.db, COMMUNITY_KEYS.rule, input.rule);
    const after = toCommunity(await communitySettings(deps.db));
    audit({ target: 'community.rule', before, after });
    return after;
  },
  setCommunityFee: async ({ deps, input, audit }) => {
    const before = toCommunity(await communitySettings(deps.db));
    await putSetting(deps.db, COMMUNITY_KEYS.amount, wei(input.amount).toString());
    const after = toCommunity(await communitySettings(deps.db));
    audit({ target: 'community.amount', before, after });
    return after;
  },
  settings: async ({ deps }) => ({ approvalThreshold: (await approvalThreshold(deps.db)).toString() }),
  setApprovalThreshold: async ({ deps, input, operator }) => ({ approvalThreshold: (await setApprovalThreshold(deps.db, deps.clock, operator, wei(input.amount))).toString() }),

  members: ({ deps, input }) => views.memberPage(deps.db, input),
  member: async ({ deps, input }) => must(await views.memberDetail(deps.db, getAddress(input.address), deps.clock.now()), input.address),
  memberLedger: async ({ deps, input }) => must(await views.memberLedger(deps.db, getAddress(input.address), input.page, input.limit), input.address),
  memberTeam: async ({ deps, input }) => must(await views.memberTeam(deps.db, getAddress(input.address), input.generation, input.page, input.limit), input.address),
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

  health: async ({ deps }) => {
    const facts = { ...(await views.healthFacts(deps.db)), indexedBlock: await indexedBlock(deps.db) };
    const head = deps.payments ? await deps.payments.client.getBlockNumber({ cacheTime: 0 }).catch(() => undefined) : undefined;
    const check = await lastAudit(deps.db, 'ledgerCheck');
    const lastRun = await stakingLastRun(deps.db);
    const outbox = await outboxHealth(deps.db);
    const result = check?.after as { ok?: boolean; mismatches?: unknown[] } | null | undefined;
    return {
      dailyJob: lastRun
        ? { lastRunAt: lastRun.at, durationMs: lastRun.durationMs, ok: lastRun.ok }
        : { lastRunAt: iso(facts.jobRanAt), durationMs: null, ok: facts.jobRanAt ? true : null },
      indexer: {
        block: facts.indexedBlock === null ? null : String(facts.indexedBlock),
        chainHead: head === undefined ? null : head.toString(),
        behind: head === undefined || facts.indexedBlock === null ? null : (head - BigInt(facts.indexedBlock)).toString(),
      },
      payouts: facts.payouts,
      mail: {
        awaitingReply: facts.mailAwaiting, emailConfigured: Boolean(deps.config.smtp), lastEmailError: outbox.lastError,
        emailsQueued: outbox.queued, emailsFailed: outbox.failed, lastEmailSentAt: iso(outbox.lastSentAt),
      },
      ledger: { checkedAt: iso(check?.at), ok: result?.ok ?? null, mismatches: result?.mismatches?.length ?? null },
    };
  },
  ledgerCheck: async ({ deps, audit }) => {
    const r = await ledgerCheck(deps.db);
    const members = await Promise.all(r.balanceMismatches.map(async (m) => ({ userId: m.userId, balance: m.balance, entries: m.entries })));
    const mismatches = members.map((m) => ({ address: `user:${m.userId}`, balance: m.balance, entries: m.entries }));
    const ok = mismatches.length === 0 && r.heldMismatches.length === 0;
    const reply = { ok, checkedAt: deps.clock.now().toISOString(), mismatches };
    audit({ target: 'ledger', after: { ok, mismatches, heldMismatches: r.heldMismatches, heldNow: r.heldNow } });
    return reply;
  },

  operators: async ({ deps }) => (await listOperators(deps.db)).map(operatorRow),
  addOperator: async ({ deps, input, operator }) => operatorRow(await addOperator(deps.db, deps.clock, operator, { address: input.address, roles: input.roles, note: input.note })),
  removeOperator: async ({ deps, input, operator }) => operatorRow(await removeOperator(deps.db, deps.clock, operator, input.address)),
  setOperatorRoles: async ({ deps, input, operator }) => operatorRow(await setOperatorRoles(deps.db, deps.clock, operator, input.address, input.roles)),

  audit: async ({ deps, input }) => {
    const { items, total } = await auditPage(deps.db, {
      page: input.page, limit: input.limit, operator: input.operator ? getAddress(input.operator) : undefined, action: input.action, target: input.target,
      from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined,
    });
    return { items: items.map((r) => ({ id: String(r.id), at: r.at.toISOString(), operator: r.operator, action: r.action, target: r.target, before: r.before, after: r.after })), total, page: input.page, limit: input.limit };
  },
};

/** Endpoints whose domain writes the audit row in the action's own transaction. */
const SELF_AUDITED = new Set<ConsoleEndpointName>(['login', 'logout', 'approveWithdrawal', 'addOperator', 'removeOperator', 'setOperatorRoles', 'setApprovalThreshold']);
/** The session calls that need no csrf token: sign-in, and `me` (read-only: it answers the token after a reload). */
const NO_CSRF = new Set<ConsoleEndpointName>(['getNonce', 'login', 'me']);

const siteOf = new WeakMap<Deps, { origin: string; chainId: number }>();
const consoleSite = (deps: Deps) => siteOf.get(deps) ?? { origin: `http://127.0.0.1:${deps.config.adminPort}`, chainId: deps.config.chainId };

function fieldsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join('.') || 'body'] ??= issue.message;
  return out;
}

function refusalOf(error: unknown): ConsoleRefusal | undefined {
  if (error instanceof ConsoleRefusal) return error;
  if (error instanceof AppError) {
    const code = CODE_OF[error.key] ?? 'invalidInput';
    return new ConsoleRefusal(code, error.key, error.params);
  }
  return undefined;
}

/**
 * Mounts the console's API on the admin app (createAdminApp): /console/api/* and the application photos at
 * /console/photos/<id>. `origin` is the console's own origin (CONSOLE_ORIGIN), the only site its sign-in names.
 */
export function mountConsoleApi(app: Hono, deps: Deps, options: ConsoleOptions): void {
  siteOf.set(deps, { origin: new URL(options.origin).origin, chainId: deps.config.chainId });
  const origin = new URL(options.origin).origin;
  const log = deps.logger ?? logger;

  app.use(`${CONSOLE_API_PREFIX}*`, async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  });

  const reply = (c: Context, language: ApiLanguage, refusal: ConsoleRefusal) =>
    c.json({ ok: false as const, error: { code: refusal.code, message: translate(refusal.key, language, refusal.params), ...(refusal.fields ? { fields: refusal.fields } : {}) } }, STATUS[refusal.code]);

  app.post(`${CONSOLE_API_PREFIX}:name`, async (c) => {
    const language = consoleLanguage(c.req.header('accept-language'));
    const name = c.req.param('name');
    try {
      if (!Object.hasOwn(consoleEndpoints, name)) throw notFound(name);
      const endpoint = consoleEndpoints[name as ConsoleEndpointName];
      // A browser page of another origin never reaches the API (the cookie is SameSite=Strict besides).
      const requestOrigin = c.req.header('origin');
      if (requestOrigin !== undefined && requestOrigin !== origin) throw new ConsoleRefusal('csrf', 'consoleCsrf');
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: 'Content-Type: application/json' });
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body === undefined) throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: 'a JSON body' });

      let session: ConsoleSession | undefined;
      if (endpoint.access !== 'public') {
        session = await consoleSession(deps.db, deps.clock, getCookie(c, CONSOLE_COOKIE));
        if (!session) throw new ConsoleRefusal('unauthenticated', 'consoleUnauthenticated');
        if (!NO_CSRF.has(endpoint.name) && !sameString(c.req.header(CONSOLE_CSRF_HEADER) ?? '', session.csrfToken)) throw new ConsoleRefusal('csrf', 'consoleCsrf');
        if (endpoint.access !== 'session' && !hasRole(session.operator.roles, endpoint.access)) {
          throw new ConsoleRefusal('forbidden', 'consoleForbidden', { roles: [...new Set([...endpoint.access, 'admin'])].join(', ') });
        }
      }
      const schema = inputs[endpoint.name] as z.ZodType;
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const fields = fieldsOf(parsed.error);
        throw new ConsoleRefusal('invalidInput', 'consoleInvalidInput', { detail: Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; ') }, fields);
      }
      const audits: AuditEntry[] = [];
      const operator = session?.operator.address as Address;
      const ctx = {
        deps, c, input: parsed.data, language, session, operator,
        audit: (entry: Omit<AuditEntry, 'operator' | 'action'> & { action?: string }) => audits.push({ ...entry, operator, action: entry.action ?? endpoint.name }),
      };
      const data = await (handlers[endpoint.name] as (ctx: unknown) => Promise<unknown>)(ctx);
      if (endpoint.writes && !SELF_AUDITED.has(endpoint.name) && audits.length === 0) audits.push({ operator, action: endpoint.name, after: parsed.data });
      for (const entry of audits) await recordAudit(deps.db, entry, deps.clock.now());
      return c.json({ ok: true as const, data }, 200);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return reply(c, language, refusal);
      log.error({ err: error, endpoint: name }, 'unexpected error in a console route');
      return reply(c, language, new ConsoleRefusal('internal', 'consoleInternal'));
    }
  });
  // An application's office photo (applicationDetail.photoUrls): a session that may read applications.
  app.get(`${CONSOLE_PHOTO_PREFIX}:id`, async (c) => {
    for (const [header, value] of Object.entries(SECURITY_HEADERS)) c.header(header, value);
    const language = consoleLanguage(c.req.header('accept-language'));
    const session = await consoleSession(deps.db, deps.clock, getCookie(c, CONSOLE_COOKIE));
    if (!session) return reply(c, language, new ConsoleRefusal('unauthenticated', 'consoleUnauthenticated'));
    if (!mayReadApplications(session.operator.roles)) return reply(c, language, new ConsoleRefusal('forbidden', 'consoleForbidden', { roles: 'support, admin' }));
    const photo = /^[0-9a-f]{32}$/.test(c.req.param('id')) ? await readPhoto(deps.db, c.req.param('id')) : undefined;
    if (!photo) return reply(c, language, notFound(c.req.param('id')));
    return c.body(new Uint8Array(photo.jpeg), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' });
  });
  app.all(`${CONSOLE_API_PREFIX}*`, (c) => reply(c, consoleLanguage(c.req.header('accept-language')), new ConsoleRefusal('notFound', 'consoleNotFound', { what: `${c.req.method} ${c.req.path}` })));
}

