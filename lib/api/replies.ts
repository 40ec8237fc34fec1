/**
 * What each endpoint answers in `data` (docs/api.md). Types only: the server's handlers must return these
 * shapes and the app's hooks read them, so a renamed field fails the typecheck on both sides.
 * Amounts are decimal strings of WLD base units; times are unix seconds as strings.
 */
export type { UserInfo } from '../user-info';

export type Empty = Record<string, never>;
export type Banner = { id: string; img_path: string; img_title: string; url_path: string };
export type Notice = { id: string; title: string; content: string; create_time: string };
export type Period = { id: string; day: string; scale: string };
export type Level = { id: string; num: string; infos: Period[] };
export type Levels = { list: Level[]; agreement: string };
export type Expiry = { have_expire: 0 | 1; pledge_id: string };
export type Balance = { balance: string };
/** What the wallet signs (a readable message naming the action, the nonce and the expiry) and the nonce to send back. */
export type Challenge = { nonce: string; message: string };

export type StakeState = 'active' | 'expired' | 'redemption-eligible';
export type StakeStatus = 'active' | 'expired' | 'redeemed' | 'renewed';

/** A stake record (spec section 3 "Stake (record)"). Durations are seconds. */
export type StakeRecord = {
  pledge_id: string; level_id: string; level_num: string; day: string; scale: string; daily_dividend: string;
  total_dividend: string; dividend_paid: string; dividend_remaining: string; staked_duration: string; remaining_time: string;
  stake_time: string; end_time: string; amount: string; cumulative_amount: string; annualized: string; status: StakeStatus;
  state: StakeState; can_upgrade: boolean; can_apply_redeem: boolean; can_confirm_redeem: boolean;
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
  id: string; amount: string; address: string; status: WithdrawStatus; fee: string; reason: string;
  tx_hash: string; payout_tx_hash: string; paid: boolean; create_time: string;
};

/** A transfer as one member sees it: sent ('out') or received ('in'); failed ones moved nothing. */
export type TransferRecord = {
  id: string; direction: 'out' | 'in'; counterparty: string; amount: string; fee: string;
  status: 'done' | 'failed'; reason: string; tx_hash: string; create_time: string;
};

export type Member = { member: boolean };

/** One page of a paginated list: `page` from 1, `has_more` when another page follows. */
export type Page<T> = { list: T[]; page: string; has_more: boolean };
