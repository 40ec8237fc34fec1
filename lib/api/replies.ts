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

/** One page of a paginated list: `page` from 1, `has_more` when another page follows. */
export type Page<T> = { list: T[]; page: string; has_more: boolean };
