// Where Home's first load spends the main thread: `npm run bench:home-profile [runs]`. Loads the production
// export (built with source maps into .run/bench-app-maps/, against a real local API) in Debian's Chromium at a
// 4× CPU slowdown, as Lighthouse's mobile audit prices it, with V8's sampling profiler on; maps each sample
// back to its source module and prints the time per module, then each task over 90 ms with its heaviest
// functions. `(program)` is the browser's own work (HTML and CSS parsing, style, layout, fonts, paint).
// Each run's profile stays in .run/home-profile-<run>.cpuprofile (opens in Chromium's DevTools).
// Then, without the profiler, it loads Home and bench:lighthouse's floor (the bare Next export) in turn at the same
// 4× slowdown and prints each load's long tasks (the browser's Long Tasks API) over 5 s and their blocking time: each
// task's part beyond 50 ms over the whole load, and after the first contentful paint only, as Lighthouse counts TBT
// (a page that paints its first text or image later counts less there for the same work): what a phone's main thread
// does, measured, beside Lighthouse's simulation of it (which scales an unthrottled load's tasks by 4).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { productionAppWithApi } from '../stack/production-app';
import { bareNextApp } from './lib/bare-next';
import { median } from './lib/samples';
import { type Frame, sourceNamer } from './lib/source-names';

const DIR = '.run/bench-app-maps';
const LONG_TASK_MS = 90;
const runs = Number(process.argv[2] ?? 3);

type Profile = { nodes: { id: number; callFrame: Frame }[]; samples: number[]; timeDeltas: number[] };

const app = await productionAppWithApi(DIR, { NEXT_SOURCE_MAPS: '1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const name = sourceNamer(app.url.replace(/\/$/, ''), DIR);
  const byModule = new Map<string, number>();
  let busyTotal = 0;
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // A fixed wait, not a polling wait for Home: Playwright's polling would run in the page and be profiled.
    await page.goto(`${app.url}#/`);
    await page.waitForTimeout(5000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if ((await page.locator('[data-screen="Index"] [data-testid="invite-box"]').count()) === 0) throw new Error(`run ${run}: Home did not render within 5 s`);
    writeFileSync(`.run/home-profile-${run}.cpuprofile`, JSON.stringify(profile));
    await context.close();

    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    let taskStart = 0,
      taskBusy = 0,
      clock = 0;
    let taskFns = new Map<string, number>();
    const endTask = () => {
      if (taskBusy > LONG_TASK_MS * 1000) {
        const top = [...taskFns].sort((a, b) => b[1] - a[1]).slice(0, 6);
        console.log(
          `run ${run}: task at ${(taskStart / 1000).toFixed(0)} ms, ${(taskBusy / 1000).toFixed(0)} ms: ${top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(' · ')}`,
        );
      }
      taskBusy = 0;
      taskFns = new Map();
    };
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id)!;
      const us = profile.timeDeltas[i] ?? 0;
      clock += us;
      if (frame.functionName === '(idle)') {
        endTask();
        taskStart = clock;
        return;
      }
      const { module, fn } = name(frame);
      busyTotal += us;
      taskBusy += us;
      byModule.set(module, (byModule.get(module) ?? 0) + us);
      const key = fn || module;
      taskFns.set(key, (taskFns.get(key) ?? 0) + us);
    });
    endTask();
  }
  console.log(`\nmain thread busy per load (4× CPU): ${(busyTotal / runs / 1000).toFixed(0)} ms; by module (ms per load):`);
  for (const [module, us] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${(us / runs / 1000).toFixed(0).padStart(6)}  ${module}`);

  const floor = await bareNextApp();
  try {
    const blocking = { Home: [] as number[], floor: [] as number[] };
    const afterFcp = { Home: [] as number[], floor: [] as number[] };
    console.log('\nlong tasks at 4× CPU, no profiler (start+duration ms), and their blocking time:');
    for (let run = 1; run <= runs; run++) {
      for (const [name, url] of [
        ['Home', `${app.url}#/`],
        ['floor', floor.url],
      ] as const) {
        const load = await longTasksOf(url);
        blocking[name].push(load.blocking);
        afterFcp[name].push(load.afterFcp);
        console.log(
          `run ${run} ${name.padEnd(5)}: FCP ${Math.round(load.fcp)} ms · blocking ${Math.round(load.blocking)} ms, after FCP ${Math.round(load.afterFcp)} ms · ${load.tasks.map(([start, ms]) => `${Math.round(start)}+${Math.round(ms)}`).join(', ') || 'none'}`,
        );
      }
    }
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');
    console.log(
      `blocking time, median of ${runs}: Home ${Math.round(median(blocking.Home))} ms, floor ${Math.round(median(blocking.floor))} ms, Home ÷ floor ${ratio(median(blocking.Home), median(blocking.floor))}`,
    );
    console.log(`blocking time after FCP, median of ${runs}: Home ${Math.round(median(afterFcp.Home))} ms, floor ${Math.round(median(afterFcp.floor))} ms`);
  } finally {
    await floor.close();
  }
} finally {
  await browser.close();
  await app.stop();
}

/** One load of `url` at 4× CPU: its FCP, its long tasks over 5 s, their blocking time, and that after FCP (Lighthouse's TBT rule). */
async function longTasksOf(url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    const page = window as unknown as { longTasks: [number, number][] };
    page.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => page.longTasks.push([e.startTime, e.duration]))).observe({ type: 'longtask' });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url);
  await page.waitForTimeout(5000);
  const { fcp, tasks } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    tasks: (window as unknown as { longTasks: [number, number][] }).longTasks,
  }));
  await context.close();
  const blocking = tasks.reduce((sum, [, ms]) => sum + Math.max(0, ms - 50), 0);
  const afterFcp = tasks.reduce((sum, [start, ms]) => sum + Math.max(0, start + ms - Math.max(start, fcp) - 50), 0);
  return { fcp, tasks, blocking, afterFcp };
}
