import { z } from 'zod';
import { API_LANGUAGES } from '../languages';
import { COVERAGE_THRESHOLD_HINT, parseCoverageThreshold } from '../coverage';
import { EMAIL_MAX, checkEmail, normalizeEmail } from '../email';
import { AMOUNT_BOUNDS, parseAmount } from '../money';

/**
 * The input schema of every console endpoint in ./contract.ts, under the same name. The server parses each
 * JSON body with these (unknown keys are refused); the console app takes only their types (`import type`).
 * Conventions: ids are decimal strings; amounts typed by an operator are WLD as decimal strings ("100",
 * "0.5"); addresses are 0x-hex (any case, checksummed by the server); times are ISO-8601 strings.
 */
const s = z.strictObject;
const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'an id (1 to 2147483647)')
  .refine((v) => Number(v) <= 2_147_483_647, 'an id (1 to 2147483647)');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address (0x and 40 hex digits)');
const signature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'a signature (0x and 130 hex digits)');
/** WLD as typed: up to 12 whole digits and 18 decimals. */
/** WLD typed by an operator, read by lib/money.ts parseAmount within AMOUNT_BOUNDS.setting; the handler takes the text. */
const wld = z
  .string()
  .trim()
  .refine((v) => parseAmount(v, AMOUNT_BOUNDS.setting).ok, 'an amount of WLD such as 100 or 0.5');
// Messages that are server message keys are sent as one localised sentence (server/http/console/refusal.ts).
const reason = z.string().trim().min(1, 'consoleReasonRequired').max(500, 'consoleReasonTooLong');
const isoTime = z.string().datetime({ offset: true, message: 'a time such as 2026-01-31T00:00:00Z' });
const page = { page: z.number().int().min(1, 'page from 1').max(100_000).default(1), limit: z.number().int().min(1).max(100, 'at most 100 rows').default(20) };
const none = s({});

/** The five content languages (the members' API language codes): zh is required, the others optional. */
export const CONSOLE_LANGUAGES = API_LANGUAGES;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
const perLanguage = <T extends z.ZodType>(value: T) =>
  s({ zh: value, cht: value.optional(), en: value.optional(), fra: value.optional(), kor: value.optional() });

export const ROLES = ['auditor', 'support', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
const roles = z.array(z.enum(ROLES)).min(1, 'at least one role').max(4);

/** The withdrawal's audit status (server/ledger/tables.ts); payout progress is separate (Withdrawal.payout). */
export const WITHDRAWAL_STATUSES = ['under-review', 'audit-failed', 'audit-successful', 'failed-insufficient'] as const;

// Sign-in
/** The EIP-4361 message for this address, naming the console's own origin (CONSOLE_ORIGIN). */
export const getNonce = s({ address });
/** The message getNonce returned, signed by the wallet. */
export const login = s({ message: z.string().min(1).max(4000), signature });
export const logout = none;
export const me = none;

// Withdrawals (auditor)
export const withdrawalQueue = s({ ...page, address: address.optional(), flagged: z.boolean().optional() });
export const withdrawalDetail = s({ id });
export const withdrawalHistory = s({
  ...page,
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  address: address.optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
/** The readable text the operator signs to approve: names the withdrawal, the member and the amount. */
export const approvalMessage = s({ id });
/** The EIP-712 signature of approvalMessage's typed data. Above the threshold, the first approval records and a second operator completes. */
export const approveWithdrawal = s({ id, signature });
export const rejectWithdrawal = s({ id, reason });

// Mail (support)
export const mailInbox = s({ ...page, filter: z.enum(['awaiting', 'replied', 'all']).default('awaiting'), address: address.optional() });
export const mailThread = s({ id });
export const mailReply = s({ id, content: z.string().trim().min(1, 'the reply text').max(20_000) });
export const mailSend = s({
  to: z.union([address, z.literal('all')]),
  title: z.string().trim().min(1, 'a title').max(200),
  content: z.string().trim().min(1, 'the text').max(20_000),
});

// Community applications (support)
export const applications = s({ ...page, status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
/** One application with its photos' URLs and its payment checked on chain now (confirmations). */
export const applicationDetail = s({ id });
export const approveApplication = s({ id });
export const rejectApplication = s({ id, reason });
export const founders = s({ ...page });
export const unmatchedPayments = none;

// Content (editor)
export const banners = none;
/** A banner: an uploaded image (uploadBannerImage's path) or an http(s) URL, a link (or empty), a position, a title per language. */
export const addBanner = s({
  image: z.string().trim().min(1, 'an image').max(2000),
  link: z.string().trim().max(2000).default(''),
  position: z.number().int().min(1, 'position from 1').max(999).default(1),
  titles: perLanguage(z.string().trim().min(1, 'a title').max(200)),
});
/** The image as base64 (png, jpeg or webp, at most 2 MiB decoded); answers the path addBanner takes. */
export const uploadBannerImage = s({ name: z.string().max(200).default('banner'), base64: z.string().min(1).max(3_000_000) });
export const removeBanner = s({ id });
export const notices = s({ ...page });
export const notice = s({ id });
/** Without id: a new notice. With id: replaces its texts. content is HTML, cleaned by the server (reply says what went). */
export const saveNotice = s({
  id: id.optional(),
  texts: perLanguage(s({ title: z.string().trim().min(1, 'a title').max(200), content: z.string().min(1, 'the text').max(100_000) })),
});
export const removeNotice = s({ id });
export const agreement = none;
/** The staking agreement's HTML per language given (zh required); cleaned by the server. */
export const setAgreement = s({ texts: perLanguage(z.string().min(1, 'the text').max(200_000)) });

// Levels and rules (admin)
export const levels = none;
export const addLevel = s({
  amount: wld,
  periods: z
    .array(s({ days: z.number().int().min(1).max(3650), percent: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'a daily percent such as 0.5') }))
    .min(1, 'at least one period')
    .max(20),
});
export const rules = none;
/** Takes effect from the next UTC day; rules answers its history. */
export const setRule = s({ key: z.string().min(1, 'a rule key').max(100), value: z.string().trim().min(1, 'a value').max(100) });
export const ruleHistory = s({ ...page });
export const walletSettings = none;
export const setWalletMinimum = s({ kind: z.enum(['recharge', 'withdraw', 'transfer']), amount: wld });
export const communitySettings = none;
export const setCommunityRule = s({ rule: z.enum(['valid', 'member', 'closed']) });
export const setCommunityFee = s({ amount: wld });
/** Console settings: the two-person approval threshold (WLD; 0 = every withdrawal needs two operators). */
export const settings = none;
export const setApprovalThreshold = s({ amount: wld });

// Members (support)
export const members = s({ ...page, address: z.string().trim().max(42).optional() });
export const member = s({ address });
export const memberLedger = s({ ...page, address });
export const memberTeam = s({ ...page, address, generation: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1) });
export const memberMail = s({ ...page, address });
export const setFounder = s({ address, founder: z.boolean() });
/** A top-level member without an inviter (CLI root.add). Admin only. */
export const addRoot = s({ address });

// Health (every role)
export const health = none;
/** Runs the ledger check now (balance = entries) and records its result. */
export const ledgerCheck = none;
/** The reserves against what is promised (server/views/reserves.ts); reads the chain at its finalized block. */
export const reserves = none;
/** The lowest coverage the operators accept, in percent (lib/coverage.ts); '' or 'off' removes it. Admin only. */
export const setCoverageThreshold = s({
  percent: z
    .string()
    .max(20)
    .transform((v, ctx) => {
      const parsed = parseCoverageThreshold(v);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: COVERAGE_THRESHOLD_HINT });
      return parsed.ok ? parsed.value : null;
    }),
});

// Operators (admin)
export const operators = none;
export const addOperator = s({ address, roles, note: z.string().trim().max(200).default('') });
export const removeOperator = s({ address });
export const setOperatorRoles = s({ address, roles });
/** Where the operator's alerts go; '' removes it. */
export const setOperatorEmail = s({
  address,
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, 'an email address')
    .refine((v) => v === '' || checkEmail(v) === null, 'an email address such as ops@example.com')
    .transform((v) => (v === '' ? null : normalizeEmail(v))),
});
/** The admin grants waiting for a second admin. */
export const adminGrants = none;
/** A different admin than the proposer confirms; it then applies. */
export const confirmAdminGrant = s({ id });
/** Any admin cancels a pending grant. */
export const cancelAdminGrant = s({ id });

// Audit log (each role reads the rows of what it may act on, admin all; nobody edits it)
export const audit = s({
  ...page,
  operator: address.optional(),
  action: z.string().max(60).optional(),
  target: z.string().max(100).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
