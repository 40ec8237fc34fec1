/**
 * What each endpoint answers in `data` (docs/api.md). Types only: the server's handlers must return these
 * shapes and the app's hooks read them, so a renamed field fails the typecheck on both sides.
 * Amounts are decimal strings of WLD base units; times are unix seconds as strings.
 */
export type { MemberLevel, UserInfo } from '../user-info';
import type { MailStatus } from '../mail';
import type { MemberLevel } from '../user-info';

export type Empty = Record<string, never>;
export type Banner = { id: string; img_path: string; img_title: string; url_path: string };
export type Notice = { id: string; title: string; content: string; create_time: string };
export type Period = { id: string; day: string; scale: string };
export type Level = { id: string; num: string; infos: Period[] };
export type Levels = { list: Level[]; agreement: string };
/**
 * The oldest expired stake whose notice is open, named: its amount and level (base units), period (days), daily
 * percent and `end_time` (unix seconds, when it expired); `redeem_by` (unix seconds) ends its redemption window.
 * Every field '' with none.
 */
export type Expiry = {
  have_expire: 0 | 1;
  pledge_id: string;
  redeem_by: string;
  amount: string;
  level_num: string;
  day: string;
  scale: string;
  end_time: string;
};
export type Balance = { balance: string };
/** What the wallet signs (a readable message naming the action, the nonce and the expiry) and the nonce to send back. */
export type Challenge = { nonce: string; message: string };

export type StakeState = 'active' | 'expired' | 'redemption-eligible';
export type StakeStatus = 'active' | 'expired' | 'redeemed' | 'renewed';

/** A stake record (spec section 3 "Stake (record)"). Durations are seconds; `redeem_by` (unix seconds) ends the redemption window. */
export type StakeRecord = {
  pledge_id: string;
  level_id: string;
  level_num: string;
  day: string;
  scale: string;
  daily_dividend: string;
  total_dividend: string;
  dividend_paid: string;
  dividend_remaining: string;
  staked_duration: string;
  remaining_time: string;
  stake_time: string;
  end_time: string;
  redeem_by: string;
  amount: string;
  cumulative_amount: string;
  annualized: string;
  status: StakeStatus;
  state: StakeState;
  can_upgrade: boolean;
  can_apply_redeem: boolean;
  can_confirm_redeem: boolean;
};

/** The operator's minimums per operation, in WLD base units ('0' = none). The ETH fee is read from the Vault. */
export type WalletConfig = { min_recharge: string; min_withdraw: string; min_transfer: string };

/** A recharge seen on chain: credited to the ledger once its depositor is registered. */
export type RechargeRecord = { id: string; amount: string; fee: string; tx_hash: string; credited: boolean; create_time: string };

/** The spec's four withdrawal states (section 3 "Withdrawal record"). */
export type WithdrawStatus = 'under-review' | 'audit-failed' | 'audit-successful' | 'failed-insufficient';
/**
 * A withdrawal: quantity, destination, status, fee; `reason` when the audit failed; `payout_tx_hash` once the
 * operator's payout is sent and `paid` once it is confirmed.
 */
export type WithdrawRecord = {
  id: string;
  amount: string;
  address: string;
  status: WithdrawStatus;
  fee: string;
  reason: string;
  tx_hash: string;
  payout_tx_hash: string;
  paid: boolean;
  create_time: string;
};

/** A transfer as one member sees it: sent ('out') or received ('in'); failed ones moved nothing. */
export type TransferRecord = {
  id: string;
  direction: 'out' | 'in';
  counterparty: string;
  amount: string;
  fee: string;
  status: 'done' | 'failed';
  reason: string;
  tx_hash: string;
  create_time: string;
};

export type Member = { member: boolean };

/** One page of a paginated list: `page` from 1, `has_more` when another page follows. */
export type Page<T> = { list: T[]; page: string; has_more: boolean };

/** Reward totals in base units: everything earned as direct and as team rewards, and what was paid today and yesterday (UTC days). */
export type RewardSummary = { direct_total: string; team_total: string; today: string; yesterday: string };
export type RewardKind = 'direct' | 'team';
/**
 * One reward: the source member (masked address) `generation` levels below, the source stake's principal
 * that day, the amount, and the formula in words of numbers, e.g. `100.00 × 0.5% × 10% = 0.05`.
 */
export type RewardRecord = {
  id: string;
  kind: RewardKind;
  generation: '1' | '2' | '3';
  source: string;
  source_amount: string;
  amount: string;
  formula: string;
  create_time: string;
};

/** Counts per generation (1–3) of the member's team: everyone, and valid members (holding an active stake). */
export type GenerationCount = { generation: '1' | '2' | '3'; count: string; valid_count: string };
/**
 * The member's three-generation team. `direct_*` is generation 1; `team_*` all three. `today_*` are members
 * registered and stakes made since 00:00 UTC. Stake totals are the active stakes' principal in base units.
 */
export type TeamSummary = {
  direct_count: string;
  valid_direct_count: string;
  team_count: string;
  valid_team_count: string;
  generations: GenerationCount[];
  today_new_count: string;
  today_stake_total: string;
  team_stake_total: string;
};
/** A team member: the label key of their level, a masked address, when they joined and their own active stake total. */
export type TeamMember = { level: MemberLevel; address: string; join_time: string; stake: string };

/** An announcement in the list: title and time; the rich text comes with the detail (`Notice`). */
export type NoticeItem = { id: string; title: string; create_time: string };

/** A mail in a box: inbox (from the administrator) or sent (the member's own); content is plain text. */
export type MailItem = { id: string; title: string; content: string; status: MailStatus; create_time: string };
/**
 * One mail. For a sent mail, the administrator's `reply` and `reply_time` once answered ('' before); for an
 * answer to an inbox mail, that mail's id and title in `reply_to_id` / `reply_to_title` ('' otherwise).
 */
export type MailDetail = MailItem & { reply: string; reply_time: string; reply_to_id: string; reply_to_title: string };

/** A code was sent: to which address (masked), valid for how long, and when another may be asked for (seconds). */
export type CodeSent = { email: string; expires_in: string; resend_in: string };
export type EmailBound = { email: string };
/** Each reminder email kind with its switch ('1' on, the default), and whether the member has an email bound to send them to. */
export type EmailReminders = { email_bound: '0' | '1'; list: { kind: 'stake' | 'withdrawal' | 'reply' | 'community'; on: '0' | '1' }[] };

/**
 * communityapi/getApplyInfo: the payment (WLD base units), whether this member may apply, the rule, the
 * confirmations awaited, and the member's payment no application used yet (hash and receiver, '' when none).
 */
export type ApplyInfo = {
  amount: string;
  can_apply: '0' | '1';
  rule: 'valid' | 'member' | 'closed';
  confirmations: string;
  paid_hash: string;
  paid_receiver: string;
};
/** communityapi/checkApply: all but the payment passed; the payment, and the member's unused payment apply accepts ('' when none). */
export type ApplyCheck = { amount: string; pay_hash: string; receiver: string };
/** communityapi/uploadPhoto: the stored (re-encoded) photo. */
export type PhotoUpload = { photo_id: string; width: string; height: string };
/** communityapi/getApplyStatus: the member's latest application; status 'none' (all else empty) before any. */
export type ApplyStatus = {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  id: string;
  receiver: string;
  amount: string;
  pay_hash: string;
  community_address: string;
  province: string;
  city: string;
  reason: string;
  create_time: string;
};
