import { Gauge, type Registry } from 'prom-client';
import { indexedBlock } from '../chain/cursor';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { stakingLastRun } from '../jobs/last-run';
import { payoutQueue } from '../ledger/payout-queue';
import { logger } from '../log';
import { outboxCounts } from '../reminders/health';
import { nextDividendDue } from '../staking/daily';

/**
 * Where the gauges read on a scrape come from. `chainHead`: the head block of the chain the indexer reads (absent
 * without a chain). `coverage`: the Vault's WLD over what the members are owed, from the reserves read model (null
 * while it cannot tell); main.ts passes it in, and without it `wld_coverage_ratio` has no sample.
 */
export type ScrapeSources = {
  db: Db;
  clock: Clock;
  chainHead?: () => Promise<bigint>;
  coverage?: () => Promise<number | null>;
};

/** A chain head not read within this is left out of the scrape rather than holding it up. */
export const CHAIN_HEAD_TIMEOUT_MS = 2_000;

type Read = (set: (value: number, labels?: Record<string, string>) => void) => Promise<void>;

/**
 * A gauge read from the database or the chain on each scrape (prom-client's `collect`), each one indexed read or one
 * RPC call. A read that fails leaves its gauge without a sample for that scrape (alert on `absent()`), logged, so one
 * broken source never fails the whole scrape.
 */
function scraped(registry: Registry, name: string, help: string, read: Read, labelNames: readonly string[] = []) {
  let known = false;
  // prom-client's gauge without labels always has a sample (0 when unset): a gauge of an unknown value has none.
  class Scraped extends Gauge {
    override async get() {
      const metric = await super.get();
      return known ? metric : { ...metric, values: [] };
    }
  }
  new Scraped({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      known = false;
      this.reset();
      await read((value, labels) => {
        known = true;
        if (labels) this.set(labels, value);
        else this.set(value);
      }).catch((err: unknown) => {
        known = false;
        logger.warn({ err, metric: name }, 'a metric could not be read');
      });
    },
  });
}

const seconds = (date: Date) => date.getTime() / 1000;

/** One read shared by the gauges of one scrape (prom-client starts their collects at once): reused while in flight. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= read().finally(() => (pending = undefined)));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The gauges an operator alerts on that live in the database or on chain, shared by every server process. */
export function registerScrapedGauges(registry: Registry, sources: ScrapeSources): void {
  const { db, clock, chainHead, coverage } = sources;
  const queue = perScrape(() => payoutQueue(db));
  const lastRun = perScrape(() => stakingLastRun(db));
  scraped(registry, 'wld_payout_queue_length', 'Approved withdrawals the payout job has not yet paid (flagged ones excluded).', async (set) => {
    set((await queue()).waiting);
  });
  scraped(
    registry,
    'wld_payout_queue_oldest_age_seconds',
    'Seconds since the oldest unpaid approved withdrawal was approved; 0 when none waits.',
    async (set) => {
      const oldest = (await queue()).oldestWaitingAt;
      set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  );
  scraped(registry, 'wld_payouts_flagged', 'Withdrawals flagged for the operator, which the payout job skips.', async (set) => {
    set((await queue()).flagged);
  });
  if (chainHead) {
    scraped(registry, 'wld_indexer_lag_blocks', 'Chain head minus the last block the Vault indexer recorded.', async (set) => {
      const [head, indexed] = await Promise.all([withTimeout(chainHead(), CHAIN_HEAD_TIMEOUT_MS), indexedBlock(db)]);
      if (indexed !== null) set(Number(head - BigInt(indexed)));
    });
  }
  scraped(
    registry,
    'wld_email_outbox',
    'Reminder emails in the outbox by state: queued (to send or retry) and failed (given up).',
    async (set) => {
      const counts = await outboxCounts(db);
      set(counts.queued, { state: 'queued' });
      set(counts.failed, { state: 'failed' });
    },
    ['state'],
  );
  scraped(registry, 'wld_daily_job_last_run_timestamp_seconds', 'When the daily staking job last ran in any server process (unix seconds).', async (set) => {
    const last = await lastRun();
    if (last) set(seconds(new Date(last.at)));
  });
  scraped(registry, 'wld_daily_job_last_run_ok', "Whether the daily staking job's last run succeeded (1) or failed (0).", async (set) => {
    const last = await lastRun();
    if (last) set(last.ok ? 1 : 0);
  });
  scraped(
    registry,
    'wld_daily_job_overdue_seconds',
    "Seconds since a paid stake's next day completed without the job paying it; 0 when nothing is due.",
    async (set) => {
      const due = await nextDividendDue(db);
      set(due ? Math.max(0, (clock.now().getTime() - due.getTime()) / 1000) : 0);
    },
  );
  if (coverage) {
    scraped(
      registry,
      'wld_coverage_ratio',
      "The Vault's WLD on chain over what the members are owed (reserves read model); below 1 it cannot pay them all.",
      async (set) => {
        const ratio = await coverage();
        if (ratio !== null) set(ratio);
      },
    );
  }
}
