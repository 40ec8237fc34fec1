import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EndpointName } from '../../lib/api/contract';
import { JOB_NAMES, JOB_OUTCOMES, type JobObserver } from '../jobs/observe';
import { type ScrapeSources, registerScrapedGauges } from './scraped';

/** How an API call ended: answered, refused (a business refusal, '301'/'302', a bad envelope, a rate limit) or failed inside. */
export const API_FAILURES = ['refused', 'internal'] as const;
export type ApiOutcome = 'ok' | (typeof API_FAILURES)[number];

/** One endpoint's meter, bound once when its route is registered: one histogram observation per call. */
export type EndpointMeter = (startedMs: number, outcome: ApiOutcome) => void;

/**
 * One server process's metrics, in a registry of its own (tests start several apps in one process). The API's
 * pipeline meters each endpoint, the rate limits count their refusals, the jobs report their runs; the gauges of
 * ./scraped.ts are read on each scrape.
 */
export type ServerMetrics = {
  registry: Registry;
  endpoint: (name: EndpointName) => EndpointMeter;
  /** Counts the refusals of the named limits (`<class>:<ip|address>`), each name's series starting at 0. */
  rateLimitRefusals: (names: readonly string[]) => (name: string) => void;
  jobRun: JobObserver;
  /** The text exposition (Prometheus 0.0.4) and its content type. */
  scrape: () => Promise<{ body: string; contentType: string }>;
};

/** Job runs take from milliseconds (nothing to do) to minutes (a day's dividends for many stakes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

/** `process`: the Node process's own metrics too (CPU, memory, event-loop lag; prom-client's defaults), for a real server. */
export function createMetrics(sources: ScrapeSources & { process?: boolean }): ServerMetrics {
  const registry = new Registry();
  if (sources.process) collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'wld_api_request_duration_seconds',
    help: 'Member API calls by endpoint (lib/api/contract.ts), from the body read to the reply; _count is the calls.',
    labelNames: ['endpoint'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'wld_api_errors_total',
    help: 'Member API calls that did not succeed, by endpoint and kind: refused (answered status 0) or internal (a server fault).',
    labelNames: ['endpoint', 'kind'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'wld_rate_limit_refusals_total',
    help: 'Calls refused by a rate limit, by limit (class:ip or class:address).',
    labelNames: ['limit'],
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'wld_job_duration_seconds',
    help: "Runs of this process's jobs by job and outcome (skipped: another process held its lock); _count is the runs.",
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  for (const job of JOB_NAMES) for (const outcome of JOB_OUTCOMES) jobs.zero({ job, outcome });
  registerScrapedGauges(registry, sources);
  return {
    registry,
    endpoint(name) {
      latency.zero({ endpoint: name });
      const observe = latency.labels(name);
      const failed = Object.fromEntries(API_FAILURES.map((kind) => [kind, failures.labels(name, kind)]));
      for (const kind of API_FAILURES) failed[kind]!.inc(0);
      return (startedMs, outcome) => {
        observe.observe((performance.now() - startedMs) / 1000);
        if (outcome !== 'ok') failed[outcome]!.inc();
      };
    },
    rateLimitRefusals(names) {
      for (const name of names) refusals.labels(name).inc(0);
      return (name) => refusals.labels(name).inc();
    },
    jobRun: (job, seconds, outcome) => jobs.labels(job, outcome).observe(seconds),
    scrape: async () => ({ body: await registry.metrics(), contentType: registry.contentType }),
  };
}
