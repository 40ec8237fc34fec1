import type { RechargeRecord, TransferRecord, WithdrawRecord } from './api/replies';

/** The money movements whose effect reaches the ledger only once the server has indexed their transaction. */
export type SettlementKind = 'recharge' | 'withdraw' | 'transfer';

/** What the ledger says of one transaction: not seen yet, accepted, or recorded and refused (with its reason). */
export type Settlement = { state: 'waiting' } | { state: 'settled' } | { state: 'refused'; reason: string };

type RecordOf = { recharge: RechargeRecord; withdraw: WithdrawRecord; transfer: TransferRecord };

const WAITING: Settlement = { state: 'waiting' };
const SETTLED: Settlement = { state: 'settled' };

/**
 * Where the ledger is with the movement of this transaction, from the member's records of that kind: only the
 * record carrying this hash counts (a balance that went up could be another deposit's). A recharge is settled once
 * credited; a withdrawal once held (or refused: 'failed-insufficient'); a transfer once moved (or refused: 'failed').
 */
export function settlementOf<K extends SettlementKind>(kind: K, records: readonly RecordOf[K][], hash: string): Settlement {
  const record = records.find((r) => r.tx_hash.toLowerCase() === hash.toLowerCase());
  if (!record) return WAITING;
  if ('credited' in record) return record.credited ? SETTLED : WAITING;
  const refused = kind === 'withdraw' ? record.status === 'failed-insufficient' : record.status === 'failed';
  return refused ? { state: 'refused', reason: record.reason } : SETTLED;
}

/** The pauses between looks: `first`, then half as long again each time up to `max`, until `bound` has passed. */
export function pollDelays({ bound, first, max }: { bound: number; first: number; max: number }): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let next = first; total < bound; next = Math.min(max, Math.round(next * 1.5))) {
    const step = Math.min(next, bound - total);
    delays.push(step);
    total += step;
  }
  return delays;
}

/**
 * Looks, then after each pause looks again, until the ledger has settled the movement (or refused it); 'unconfirmed'
 * when the last look after the last pause still finds it waiting. A look that fails (the network) counts as waiting.
 */
export async function waitForSettlement(
  look: () => Promise<Settlement>,
  delays: readonly number[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Exclude<Settlement, { state: 'waiting' }> | { state: 'unconfirmed' }> {
  for (let i = 0; ; i++) {
    const seen = await look().catch(() => WAITING);
    if (seen.state !== 'waiting') return seen;
    const pause = delays[i];
    if (pause === undefined) return { state: 'unconfirmed' };
    await sleep(pause);
  }
}
