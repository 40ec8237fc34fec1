// What Lighthouse counts in a first screen's TBT, task by task: `npm run bench:lighthouse-tasks [runs] [hash]`
// (hash `#/` by default, e.g. `#/pledge/record`). Audits the production export built with source maps
// (.run/bench-app-maps/, against a real local API) as bench:lighthouse does, keeping Lighthouse's own trace
// (`--save-assets`) with V8's sampler on in it. Lighthouse simulates a phone from that unthrottled load: each main-
// thread task at 4×, and TBT counts each simulated task's part beyond 50 ms after the simulated FCP. So a task of
// 12.5 ms or more here is a long task there. For each run it prints the report's simulated long tasks (* marks
// those TBT counts) and every task of `LONG_MS` (default 9) or more in the trace: when it started after the
// navigation, how long it took unthrottled and ×4, then the time under React's and Turbopack's phases (render,
// commit, effects, module evaluation, chunk loads) and its heaviest functions by their source. The sampler adds some
// time to each task; compare tasks with each other, not with bench:lighthouse's figures.
import { readFileSync } from 'node:fs';
import { productionAppWithApi } from '../stack/production-app';
import { ensureLighthouse, runLighthouse } from './lib/lighthouse-cli';
import { type Frame, sourceNamer } from './lib/source-names';

const DIR = '.run/bench-app-maps';
const runs = Number(process.argv[2] ?? 3);
const hash = process.argv[3] ?? '#/';
const LONG_MS = Number(process.env.LONG_MS ?? 9);
const PHASES = [
  'performWorkOnRoot',
  'renderRootSync',
  'renderRootConcurrent',
  'commitRoot',
  'flushMutationEffects',
  'flushLayoutEffects',
  'flushPassiveEffects',
  'instantiateModule',
  'loadChunkCached',
];

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; id?: string; args?: { data?: Record<string, unknown> } };
type ProfileChunk = { cpuProfile?: { nodes?: { id: number; callFrame: Frame; parent?: number }[]; samples?: number[] }; timeDeltas?: number[] };
type Report = { audits: Record<string, { numericValue?: number; details?: { items?: { startTime: number; duration: number; url: string }[] } }> };

/** The samples V8's profiler took on the page's main thread, with their times and call trees. */
function mainThreadSamples(trace: TraceEvent[], main: TraceEvent) {
  const nodes = new Map<number, { frame: Frame; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  const profile = trace.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  let clock = Number(profile?.args?.data?.startTime ?? 0);
  for (const chunk of trace.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === profile?.id)) {
    const data = chunk.args?.data as ProfileChunk;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  return { nodes, samples };
}

const top = (times: Map<string, number>, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
    .join(' · ') || '—';

ensureLighthouse();
const app = await productionAppWithApi(DIR, { NEXT_SOURCE_MAPS: '1' });
try {
  const name = sourceNamer(app.url.replace(/\/$/, ''), DIR);
  for (let run = 1; run <= runs; run++) {
    const output = `.run/lighthouse-tasks-${run}.json`;
    await runLighthouse(`${app.url}${hash}`, output, [
      '--only-categories=performance',
      '--save-assets',
      '--additional-trace-categories=disabled-by-default-v8.cpu_profiler',
    ]);
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    const trace = (JSON.parse(readFileSync(output.replace(/\.json$/, '-0.trace.json'), 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const main = trace
      .filter(
        (e) =>
          e.name === 'navigationStart' &&
          String(e.args?.data?.documentLoaderURL ?? '').startsWith(app.url) &&
          !String(e.args?.data?.documentLoaderURL).includes('lighthouse-blank'),
      )
      .at(-1);
    if (!main) throw new Error(`run ${run}: no navigation to ${app.url}${hash} in the trace`);
    const fcp = report.audits['first-contentful-paint']?.numericValue ?? 0;
    const simulated = (report.audits['long-tasks']?.details?.items ?? []).map(
      (t) => `${t.startTime + t.duration > fcp ? '*' : ''}${Math.round(t.startTime)}+${Math.round(t.duration)}`,
    );
    console.log(
      `run ${run} ${hash}: TBT ${Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN)} ms, simulated FCP ${Math.round(fcp)} ms · simulated long tasks ${simulated.join(', ') || 'none'}`,
    );
    const { nodes, samples } = mainThreadSamples(trace, main);
    // Each profile node's source name and React or Turbopack phase, worked out once (a node recurs in many samples).
    const nodeNames = new Map<number, { name: string; phase?: string }>();
    const named = (id: number) => {
      if (!nodeNames.has(id)) {
        const frame = nodes.get(id)!.frame;
        const { module, fn } = name(frame);
        nodeNames.set(id, { name: fn || module, phase: PHASES.find((p) => frame.functionName === p || fn.endsWith(`:${p}`)) });
      }
      return nodeNames.get(id)!;
    };
    const tasks = trace.filter((e) => e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid && e.ts >= main.ts && (e.dur ?? 0) >= LONG_MS * 1000);
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
      const self = new Map<string, number>();
      const phases = new Map<string, number>();
      inTask.forEach((sample, i) => {
        const us = (inTask[i + 1]?.ts ?? end) - sample.ts;
        const leaf = named(sample.node).name;
        self.set(leaf, (self.get(leaf) ?? 0) + us);
        const seen = new Set<string>();
        for (let id: number | undefined = sample.node; id !== undefined; id = nodes.get(id)?.parent) {
          const { phase } = named(id);
          if (!phase || seen.has(phase)) continue;
          seen.add(phase);
          phases.set(phase, (phases.get(phase) ?? 0) + us);
        }
      });
      console.log(
        `  at ${((task.ts - main.ts) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms (×4 ${(task.dur! / 250).toFixed(0)}) · phases: ${top(phases, PHASES.length)}`,
      );
      console.log(`      heaviest: ${top(self, 8)}`);
    }
  }
} finally {
  await app.stop();
}
