/** The jobs a server process runs on its own (schedule.ts), as the metrics name them. */
export const JOB_NAMES = ['daily', 'payouts', 'indexer'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** How a run ended: `skipped` when another process held the job's advisory lock. */
export const JOB_OUTCOMES = ['ok', 'skipped', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** Told of every run of a job: its duration in seconds and its outcome (server/metrics/ implements it). */
export type JobObserver = (job: JobName, seconds: number, outcome: JobOutcome) => void;

/** Runs `run`, tells `observe` how long it took and how it ended, and hands back its result or its error. */
export async function observed<T>(
  job: JobName,
  observe: JobObserver | undefined,
  run: () => Promise<T>,
  skipped: (result: T) => boolean = () => false,
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const result = await run();
    observe?.(job, seconds(), skipped(result) ? 'skipped' : 'ok');
    return result;
  } catch (error) {
    observe?.(job, seconds(), 'failed');
    throw error;
  }
}
