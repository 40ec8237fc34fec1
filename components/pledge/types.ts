/** A stake record as getInvestList returns it (docs/api.md). */
export type StakeRecord = {
  pledge_id: string; level_id: string; level_num: string; day: string; scale: string; daily_dividend: string;
  total_dividend: string; dividend_paid: string; dividend_remaining: string; staked_duration: string; remaining_time: string;
  stake_time: string; end_time: string; amount: string; cumulative_amount: string; annualized: string; status: string;
  state: 'active' | 'expired' | 'redemption-eligible'; can_upgrade: boolean; can_apply_redeem: boolean; can_confirm_redeem: boolean;
};

export type RecordsPage = { list: StakeRecord[]; page: string; has_more: boolean };

/** Seconds as days and hours. */
export function splitDuration(seconds: string) {
  const s = Number(seconds);
  return { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) };
}

/** Unix seconds as yyyy-mm-dd hh:mm:ss (local time), per spec section 9. */
export function formatTime(unixSeconds: string) {
  const d = new Date(Number(unixSeconds) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
