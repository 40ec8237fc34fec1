/**
 * lib/console-api — the operator console's API, declared once. READ THIS FIRST (console app):
 *
 * Transport. Every endpoint is `POST /console/api/<name>` on the ADMIN app's origin (loopback, ADMIN_PORT; the
 * console page is served from the same origin, so calls are same-origin). Body: JSON (the input below; `{}`
 * when none), `Content-Type: application/json`. Send `Accept-Language` (zh-CN default, en, zh-TW, fr, ko):
 * error messages come back in that language.
 *
 * Envelope. HTTP 200 with `{ ok: true, data }` (data: the endpoint's reply type), or an HTTP error status with
 * `{ ok: false, error: { code, message, fields? } }`: `code` is one of ConsoleErrorCode (stable, for logic),
 * `message` a localised sentence to show as is, `fields` (invalid input only) maps an input path
 * ("texts.en.title") to its message. Codes and statuses:
 *   invalidInput 400 · unauthenticated 401 (no or expired session: show sign-in) · csrf 403 · forbidden 403
 *   (the role may not) · notOperator 403 (login by a wallet that is not an active operator) · badSignature 400 ·
 *   foreignOrigin 400 · expired 400 (sign-in message too old) · notFound 404 · conflict 409 (state changed,
 *   e.g. already decided; refetch) · sameOperator 409 (the second approval must be another operator) ·
 *   tooMany 429 · unavailable 503 (no chain configured) · internal 500.
 *
 * Session. Sign-in with Ethereum for the console's own origin (CONSOLE_ORIGIN, default
 * http://127.0.0.1:<ADMIN_PORT>): `getNonce {address}` → `{ message }`; the wallet signs `message` as is
 * (personal_sign); `login {message, signature}` → sets cookie `console_session` (HttpOnly; SameSite=Strict;
 * Path=/console; Secure when the origin is https; 12 h) and answers `{ address, roles, csrfToken }`. Every
 * call other than getNonce, login and me must carry header `x-csrf-token: <csrfToken>`; keep the token in
 * memory (not localStorage). After a reload call `me` (cookie only, read-only): it answers the same
 * `{ address, roles, csrfToken }`, or `unauthenticated`. `logout` ends the session.
 *
 * Roles. auditor (withdrawals), support (mail, members, community applications), editor (content), admin
 * (levels, rules, wallet minimums, community rule and fee, console settings, operators) — admin may call
 * everything. `access: 'session'` = any signed-in operator (health, audit, me, logout). The server refuses
 * every other role with `forbidden`; the app should hide what `me.roles` cannot do (rolesAllowed below).
 *
 * Photos of community applications: `GET /console/photos/<photoId>` (cookie session; support or admin); the
 * URLs come ready in applicationDetail.photoUrls. Uploaded banner images are served to members by the public
 * API; uploadBannerImage answers the path to give addBanner.
 *
 * Approving a withdrawal: `approvalMessage {id}` → the readable summary and the EIP-712 typed data (Payout: the
 * Vault's request id, requester and amount, in the Vault's domain); the wallet signs the typed data
 * (eth_signTypedData_v4); then `approveWithdrawal {id, signature}`; the payout job hands the signatures to the
 * Vault, which pays only with them. Only an approver on the Vault may approve (`forbidden` otherwise). Above the
 * threshold (the lower of settings.approvalThreshold and the Vault's) the first approval answers outcome
 * 'recorded' and a second, distinct operator's approval completes ('approved'). The
 * second must not have been added or given the approving role by the first (or the other way round), and each must
 * have held an approving role since before the withdrawal was requested or for the server's cooling period (72 h by default).
 *
 * Making an admin (addOperator or setOperatorRoles with 'admin' for someone who is not one) answers outcome
 * 'pending' with the grant: a different admin confirms it (`confirmAdminGrant {id}`) or any admin cancels it
 * (`cancelAdminGrant {id}`); `adminGrants` lists those waiting. The CLI with the admin token makes the first admin.
 *
 * Audit. `audit` answers the rows of the actions of the endpoints the caller's roles may call (the approval
 * threshold's for auditors too), their own sign-ins, and everything for an admin; filters only narrow it.
 */
import type { z } from 'zod';
import type * as inputs from './inputs';
import type { Role } from './inputs';
import type * as R from './replies';

export type ConsoleErrorCode =
  | 'invalidInput'
  | 'unauthenticated'
  | 'csrf'
  | 'forbidden'
  | 'notOperator'
  | 'badSignature'
  | 'foreignOrigin'
  | 'expired'
  | 'notFound'
  | 'conflict'
  | 'sameOperator'
  | 'tooMany'
  | 'unavailable'
  | 'internal';
export type ConsoleError = { code: ConsoleErrorCode; message: string; fields?: Record<string, string> };
export type ConsoleEnvelope<T> = { ok: true; data: T } | { ok: false; error: ConsoleError };

/** public: no session (sign-in only); session: any operator; or the roles allowed (admin is always allowed). */
export type ConsoleAccess = 'public' | 'session' | readonly Role[];
export type ConsoleEndpointName = Exclude<keyof typeof inputs & string, 'CONSOLE_LANGUAGES' | 'ROLES' | 'WITHDRAWAL_STATUSES'>;

export type ConsoleEndpoint<N extends ConsoleEndpointName = ConsoleEndpointName, Reply = unknown> = {
  readonly name: N;
  /** `/console/api/<name>` */
  readonly path: string;
  readonly access: ConsoleAccess;
  /** true for endpoints that change something (each writes an audit row). */
  readonly writes: boolean;
  /** Type-only: never set at runtime. */
  readonly reply?: Reply;
};

export type ConsoleInputOf<E extends ConsoleEndpoint> = z.input<(typeof inputs)[E['name']]>;
export type ConsoleParsedInputOf<E extends ConsoleEndpoint> = z.output<(typeof inputs)[E['name']]>;
export type ConsoleReplyOf<E extends ConsoleEndpoint> = E extends ConsoleEndpoint<ConsoleEndpointName, infer Reply> ? Reply : never;

export const CONSOLE_API_PREFIX = '/console/api/';
export const CONSOLE_PHOTO_PREFIX = '/console/photos/';
export const CONSOLE_CSRF_HEADER = 'x-csrf-token';
export const CONSOLE_COOKIE = 'console_session';

const AUDITOR = ['auditor'] as const;
const SUPPORT = ['support'] as const;
const EDITOR = ['editor'] as const;
const ADMIN = ['admin'] as const;

const read =
  <Reply>() =>
  <N extends ConsoleEndpointName>(name: N, access: ConsoleAccess): ConsoleEndpoint<N, Reply> => ({
    name,
    path: `${CONSOLE_API_PREFIX}${name}`,
    access,
    writes: false,
  });
const write =
  <Reply>() =>
  <N extends ConsoleEndpointName>(name: N, access: ConsoleAccess): ConsoleEndpoint<N, Reply> => ({
    name,
    path: `${CONSOLE_API_PREFIX}${name}`,
    access,
    writes: true,
  });

export const consoleEndpoints = {
  // Sign-in
  getNonce: read<R.Nonce>()('getNonce', 'public'),
  login: write<R.Session>()('login', 'public'),
  logout: write<R.Empty>()('logout', 'session'),
  me: read<R.Session>()('me', 'session'),

  // Withdrawals
  withdrawalQueue: read<R.Page<R.QueuedWithdrawal>>()('withdrawalQueue', AUDITOR),
  withdrawalDetail: read<R.WithdrawalDetail>()('withdrawalDetail', AUDITOR),
  withdrawalHistory: read<R.Page<R.Withdrawal>>()('withdrawalHistory', AUDITOR),
  approvalMessage: read<R.ApprovalText>()('approvalMessage', AUDITOR),
  approveWithdrawal: write<R.ApprovalResult>()('approveWithdrawal', AUDITOR),
  rejectWithdrawal: write<R.Decided>()('rejectWithdrawal', AUDITOR),

  // Mail
  mailInbox: read<R.Page<R.MailRow>>()('mailInbox', SUPPORT),
  mailThread: read<R.MailThread>()('mailThread', SUPPORT),
  mailReply: write<R.MailThread>()('mailReply', SUPPORT),
  mailSend: write<R.MailSent>()('mailSend', SUPPORT),

  // Community applications
  applications: read<R.Page<R.ApplicationRow>>()('applications', SUPPORT),
  applicationDetail: read<R.ApplicationDetail>()('applicationDetail', SUPPORT),
  approveApplication: write<R.Decided>()('approveApplication', SUPPORT),
  rejectApplication: write<R.Decided>()('rejectApplication', SUPPORT),
  founders: read<R.Page<R.Founder>>()('founders', SUPPORT),
  unmatchedPayments: read<R.UnmatchedPayment[]>()('unmatchedPayments', SUPPORT),

  // Content
  banners: read<R.BannerRow[]>()('banners', EDITOR),
  addBanner: write<R.BannerRow>()('addBanner', EDITOR),
  uploadBannerImage: write<R.UploadedImage>()('uploadBannerImage', EDITOR),
  removeBanner: write<R.Empty>()('removeBanner', EDITOR),
  notices: read<R.Page<R.NoticeRow>>()('notices', EDITOR),
  notice: read<R.NoticeFull>()('notice', EDITOR),
  saveNotice: write<R.Saved>()('saveNotice', EDITOR),
  removeNotice: write<R.Empty>()('removeNotice', EDITOR),
  agreement: read<R.Agreement>()('agreement', EDITOR),
  setAgreement: write<R.Saved>()('setAgreement', EDITOR),

  // Levels and rules
  levels: read<R.LevelRow[]>()('levels', ADMIN),
  addLevel: write<R.LevelRow>()('addLevel', ADMIN),
  rules: read<R.Rule[]>()('rules', ADMIN),
  setRule: write<R.Rule[]>()('setRule', ADMIN),
  ruleHistory: read<R.Page<R.RuleChange>>()('ruleHistory', ADMIN),
  walletSettings: read<R.WalletSettings>()('walletSettings', ADMIN),
  setWalletMinimum: write<R.WalletSettings>()('setWalletMinimum', ADMIN),
  communitySettings: read<R.CommunitySettings>()('communitySettings', ADMIN),
  setCommunityRule: write<R.CommunitySettings>()('setCommunityRule', ADMIN),
  setCommunityFee: write<R.CommunitySettings>()('setCommunityFee', ADMIN),
  settings: read<R.ConsoleSettings>()('settings', ADMIN),
  setApprovalThreshold: write<R.ConsoleSettings>()('setApprovalThreshold', ADMIN),

  // Members
  members: read<R.Page<R.MemberRow>>()('members', SUPPORT),
  member: read<R.MemberDetail>()('member', SUPPORT),
  memberLedger: read<R.Page<R.LedgerEntry>>()('memberLedger', SUPPORT),
  memberTeam: read<R.Page<R.TeamRow>>()('memberTeam', SUPPORT),
  memberMail: read<R.Page<R.MailRow>>()('memberMail', SUPPORT),
  setFounder: write<R.MemberRow>()('setFounder', SUPPORT),
  addRoot: write<R.MemberRow>()('addRoot', ADMIN),

  // Health
  health: read<R.Health>()('health', 'session'),
  ledgerCheck: write<R.LedgerCheck>()('ledgerCheck', 'session'),
  reserves: read<R.Reserves>()('reserves', 'session'),
  setCoverageThreshold: write<R.Reserves>()('setCoverageThreshold', ADMIN),

  // Operators
  operators: read<R.OperatorRow[]>()('operators', ADMIN),
  addOperator: write<R.OperatorChange>()('addOperator', ADMIN),
  removeOperator: write<R.OperatorRow>()('removeOperator', ADMIN),
  setOperatorRoles: write<R.OperatorChange>()('setOperatorRoles', ADMIN),
  setOperatorEmail: write<R.OperatorRow>()('setOperatorEmail', ADMIN),
  adminGrants: read<R.AdminGrant[]>()('adminGrants', ADMIN),
  confirmAdminGrant: write<R.GrantConfirmed>()('confirmAdminGrant', ADMIN),
  cancelAdminGrant: write<R.AdminGrant>()('cancelAdminGrant', ADMIN),

  // Audit log
  audit: read<R.Page<R.AuditRow>>()('audit', 'session'),
} satisfies { [N in ConsoleEndpointName]: ConsoleEndpoint<N> };

export type ConsoleEndpoints = typeof consoleEndpoints;

/** Whether roles may call an endpoint (the server's rule; the app uses it to hide what it cannot do). */
export function rolesAllowed(endpoint: Pick<ConsoleEndpoint, 'access'>, roles: readonly Role[]): boolean {
  if (endpoint.access === 'public' || endpoint.access === 'session') return true;
  return roles.includes('admin') || endpoint.access.some((r) => roles.includes(r));
}
