import type { StakeRecord, StakeState } from '@/lib/api/replies';

/** Seconds as days and hours. */
export function splitDuration(seconds: string) {
  const s = Number(seconds);
  return { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) };
}

/** The label a record shows: its state while it is open; once closed, what closed it (redeemed or renewed). */
export type RecordLabel = StakeState | 'redeemed' | 'renewed';
export function recordLabel(record: Pick<StakeRecord, 'status' | 'state'>): RecordLabel {
  return record.status === 'redeemed' || record.status === 'renewed' ? record.status : record.state;
}
