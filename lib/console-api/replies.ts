/**
 * What each console endpoint answers in `data` (./contract.ts). Types only. Conventions:
 * - amounts are decimal strings of WLD base units (18 decimals: "1000000000000000000" is 1 WLD);
 * - times are ISO-8601 strings (UTC) or null; ids are decimal strings; addresses are checksummed.
 * - paged lists answer Page<T>: the rows of `page` (1-based) of `limit`, and the total matching the filters.
 */
import type { ConsoleLanguage, Role } from './inputs';

export type { ConsoleLanguage, Role } from './inputs';
export type Empty = Record<string, never>;
export type Page<T> = { items: T[]; total: number; page: number; limit: number };
export type PerLanguage<T> = Partial<Record<ConsoleLanguage, T>>;

// Sign-in
/** The EIP-4361 message to sign as is (it names the console's origin, the address, the nonce and the expiry). */
export type Nonce = { message: string; expiresAt: string };
export type Me = { address: string; roles: Role[] };
/** login's reply: csrfToken goes in the header x-csrf-token of every later call (also answered by me). */
export type Session = Me & { csrfToken: string };

// Withdrawals
/** Where the payout of an approved withdrawal is: waiting for the payout job, sent (hash), paid (hash), or set aside. */
export type Payout = {
  state: 'awaiting-approval' | 'not-paid' | 'waiting' | 'sent' | 'paid' | 'flagged';
  txHash: string | null;
  paidAt: string | null;
  problem: string | null;
};
export type Approval = { operator: string; at: string };
export type Withdrawal = {
  id: string;
  address: string;
  amount: string;
  fee: string;
  status: 'under-review' | 'audit-failed' | 'audit-successful' | 'failed-insufficient';
  reason: string;
  requestTx: string;
  requestId: string | null;
  createdAt: string;
  reviewedAt: string | null;
  payout: Payout;
  /** Flags an auditor should see: 'payout-mismatch' (PaidOut did not match), 'payout-failed', 'new-account' (< 7 days), 'large' (above the threshold). */
  flags: string[];
  /** Approvals recorded so far (two-person approval above the threshold). */
  approvals: Approval[];
  /** Approvals this withdrawal needs (1, or 2 above the threshold). */
  approvalsNeeded: number;
};
/** A queue row: the withdrawal with the member's balance now. */
export type QueuedWithdrawal = Withdrawal & { balance: string };
export type LedgerEntry = { id: string; type: string; amount: string; at: string };
export type DepositRow = { id: string; txHash: string; amount: string; at: string };
export type StakeRow = { id: string; amount: string; days: number; status: string; startedAt: string; endsAt: string | null };
export type MemberBrief = {
  address: string;
  inviter: string | null;
  registeredAt: string | null;
  accountAgeDays: number | null;
  founder: boolean;
  balance: string;
};
export type WithdrawalDetail = Withdrawal & {
  member: MemberBrief | null;
  ledger: LedgerEntry[];
  deposits: DepositRow[];
  stakes: StakeRow[];
};
/** EIP-712 typed data as JSON carries it (uint256 values as decimal strings); the wallet signs it with eth_signTypedData_v4. */
export type PayoutTypedData = {
  domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
  types: { Payout: readonly { name: string; type: string }[] };
  primaryType: 'Payout';
  message: { requestId: string; requester: `0x${string}`; amount: string };
};
/** approvalMessage: the readable summary shown before signing, and the typed data the wallet signs (the Vault checks the signature). */
export type ApprovalText = { id: string; message: string; typedData: PayoutTypedData };
/** approveWithdrawal: 'approved' when the withdrawal moved to audit-successful, 'recorded' when a second operator must still approve. */
export type ApprovalResult = { id: string; outcome: 'approved' | 'recorded'; approvals: Approval[]; approvalsNeeded: number };
export type Decided = { id: string; status: string };

// Mail
export type MailRow = { id: string; address: string; title: string; status: 'awaiting' | 'replied' | 'sent'; createdAt: string; repliedAt: string | null };
export type MailMessage = { id: string; from: 'member' | 'operator'; title: string; content: string; at: string };
export type MailThread = { id: string; address: string; title: string; messages: MailMessage[]; replied: boolean };
export type MailSent = { ids: string[]; count: number };

// Community applications
export type Payment = { txHash: string; from: string; to: string; amount: string; confirmations: number | null; verified: boolean; problem: string | null };
export type ApplicationRow = {
  id: string;
  address: string;
  status: 'pending' | 'approved' | 'rejected';
  province: string;
  city: string;
  createdAt: string;
  decidedAt: string | null;
  reason: string | null;
};
/** photoUrls are paths on the console's origin (GET, cookie session, any role that may read applications). */
export type ApplicationDetail = ApplicationRow & { provinceCode: string; cityCode: string; photoUrls: string[]; payment: Payment; communityToken: string };
export type Founder = { address: string; since: string | null };
export type UnmatchedPayment = { txHash: string; from: string; to: string; amount: string; block: string };

// Content
export type BannerRow = { id: string; image: string; link: string; position: number; titles: PerLanguage<string> };
export type UploadedImage = { path: string };
export type NoticeRow = { id: string; title: string; createdAt: string; languages: ConsoleLanguage[] };
export type NoticeFull = { id: string; createdAt: string; texts: PerLanguage<{ title: string; content: string }> };
/** What the server's HTML cleaning removed, per language (empty when nothing). */
export type Saved = { id: string; removed: PerLanguage<string[]> };
export type Agreement = { texts: PerLanguage<string> };

// Levels and rules
export type LevelRow = { id: string; amount: string; periods: { id: string; days: number; percent: string }[] };
export type Rule = { key: string; value: string; fromTomorrow: string | null; default: string };
export type RuleChange = { key: string; value: string; from: string; operator: string | null; at: string | null };
export type WalletSettings = { recharge: string; withdraw: string; transfer: string };
export type CommunitySettings = { rule: 'valid' | 'member' | 'closed'; amount: string };
export type ConsoleSettings = { approvalThreshold: string };

// Members
export type MemberRow = { address: string; registeredAt: string | null; founder: boolean; balance: string };
export type MemberDetail = MemberBrief & {
  email: string | null;
  level: number;
  rank: number;
  stakes: StakeRow[];
  applications: ApplicationRow[];
  team: { generation1: number; generation2: number; generation3: number };
};
export type TeamRow = { address: string; generation: number; registeredAt: string | null; staked: string };

// Health
/**
 * The reserves (server/views/reserves.ts): amounts in WLD base units as decimal strings; `vault` null without a chain
 * (or `vaultError` when it could not be read); `coveragePercent` Vault / total owed in percent, 2 decimals rounded
 * down (null: nothing owed or the Vault unknown); `runwayDays` 1 decimal (null: no net outflow, or the Vault unknown);
 * `threshold` the minimum coverage in percent (null: none); `below` true when coverage is under it.
 */
export type Reserves = {
  at: string;
  vault: { wld: string; block: string } | null;
  vaultError: string | null;
  owed: { balances: string; principal: string; dividends: string; rewards: string; withdrawalsHeld: string; withdrawalsApproved: string; total: string };
  renewal: { dividends: string; rewards: string };
  outflow: { days: number; payouts: string; recharges: string; net: string };
  coveragePercent: string | null;
  runwayDays: string | null;
  threshold: string | null;
  below: boolean;
  /** The alert incidents open now (server/alerts/), oldest first. */
  incidents: { kind: string; openedAt: string }[];
};
export type Health = {
  dailyJob: { lastRunAt: string | null; durationMs: number | null; ok: boolean | null };
  indexer: { block: string | null; chainHead: string | null; behind: string | null };
  payouts: { waiting: number; flagged: number; oldestWaitingAt: string | null };
  /** Members' mail awaiting a reply; the reminder emails (server/reminders/): queued, given up, the last error and the last sent. */
  mail: {
    awaitingReply: number;
    emailConfigured: boolean;
    lastEmailError: string | null;
    emailsQueued: number;
    emailsFailed: number;
    lastEmailSentAt: string | null;
  };
  ledger: { checkedAt: string | null; ok: boolean | null; mismatches: number | null };
  /** The audit log's hash chain recomputed (server/operators/audit-chain.ts): rows checked, the last row's hash, the first row that breaks it. */
  auditChain: { rows: number; head: string | null; ok: boolean; firstBreak: { id: number; reason: 'prevHash' | 'hash' } | null };
};
export type LedgerCheck = { ok: boolean; checkedAt: string; mismatches: { address: string; balance: string; entries: string }[] };

// Operators
export type OperatorRow = { address: string; roles: Role[]; note: string; active: boolean; addedAt: string; addedBy: string | null; email: string | null };
/** An admin's proposal to make an operator an admin ('add' a new or removed one, or give an active one the 'roles'). */
export type AdminGrant = {
  id: string;
  kind: 'add' | 'roles';
  address: string;
  roles: Role[];
  note: string;
  proposedBy: string;
  proposedAt: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  decidedBy: string | null;
  decidedAt: string | null;
};
/** addOperator, setOperatorRoles: done at once, or (making an admin) pending until a second admin confirms the grant. */
export type OperatorChange = { outcome: 'done'; operator: OperatorRow } | { outcome: 'pending'; grant: AdminGrant };
export type GrantConfirmed = { grant: AdminGrant; operator: OperatorRow };

// Audit
export type AuditRow = { id: string; at: string; operator: string | null; action: string; target: string | null; before: unknown; after: unknown };
