// What a person feels on the first tap: `npm run bench:first-tap [runs]`. Loads Home from the production export
// (the same build as bench:lighthouse, against a real local API) in Debian's Chromium at 390×844 with touch, at
// Lighthouse's 4× CPU slowdown, and taps once per fresh page:
//   - stake: a level's stake button, until the confirm sheet (`stake-confirm`) is painted;
//   - menu: the header's menu button, until the side menu (`side-menu`) is painted;
//   - period (the same page's floor): a level's period button, a plain state change that loads nothing.
// Each tap comes `TAP_AFTER_MS` after the level cards are on screen (a person reading before tapping), through
// the touchscreen at coordinates taken beforehand, so nothing of Playwright runs in the page around it.
// Two figures per tap: `painted`, from the pointerdown's timestamp to the frame that first shows the target
// (a requestAnimationFrame once the element is in the DOM, then a message after that frame's paint), which
// includes any chunk the tap has to load; and `INP`, the Event Timing API's duration of the tap's interaction
// (its longest event, input to the next paint), which is what the browser reports as Interaction to Next Paint
// and which does not wait for a lazy chunk. Target: painted ≤ 200 ms.
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { productionAppWithApi } from '../stack/production-app';
import { median, range } from './lib/samples';

const runs = Number(process.argv[2] ?? 3);
const TAP_AFTER_MS = Number(process.env.TAP_AFTER_MS ?? 1000);

type Tap = { name: string; button: string; target: string | null };
const TAPS: Tap[] = [
  { name: 'stake', button: '[data-testid^="level-"] [data-testid^="stake-"]', target: '[data-testid="stake-confirm"]' },
  { name: 'menu', button: '[data-testid="menu-button"]', target: '[data-testid="side-menu"]' },
  { name: 'period', button: '[data-testid^="level-"] [role="radio"][aria-checked="false"]', target: null },
];

// In the page before any of its scripts: the taps' event timings, the pointerdown's timestamp and, once asked,
// the paint of the first frame that holds the target.
const PROBE = () => {
  const w = window as unknown as { __tap: { down: number; events: { name: string; id: number; duration: number }[]; painted?: Promise<number> } };
  w.__tap = { down: NaN, events: [] };
  addEventListener('pointerdown', (e) => (w.__tap.down = e.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId) w.__tap.events.push({ name: e.name, id: e.interactionId, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

async function tapOnce(url: string, browser: import('playwright').Browser, tap: Tap) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // tsx names the functions it compiles with a helper the page lacks.
    await page.addInitScript('window.__name = (fn) => fn');
    await page.addInitScript(PROBE);
    await page.goto(`${url}#/`);
    const button = page.locator(tap.button).first();
    await button.waitFor({ state: 'visible', timeout: 20_000 });
    const box = (await button.boundingBox())!;
    await page.waitForTimeout(TAP_AFTER_MS);
    // Watches for the target from before the tap; resolves after the paint of the frame that first holds it.
    await page.evaluate((target) => {
      const w = window as unknown as { __tap: { painted?: Promise<number> } };
      if (!target) return;
      w.__tap.painted = new Promise<number>((resolve) => {
        const afterPaint = () =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          });
        const observer = new MutationObserver(() => {
          if (!document.querySelector(target)) return;
          observer.disconnect();
          afterPaint();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    }, tap.target);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const painted = await page.evaluate(async () => {
      const w = window as unknown as { __tap: { down: number; painted?: Promise<number> } };
      return w.__tap.painted ? (await w.__tap.painted) - w.__tap.down : NaN;
    });
    // The event entries of the tap arrive after its next paint.
    await page.waitForTimeout(300);
    const inp = await page.evaluate(() => {
      const w = window as unknown as { __tap: { events: { id: number; duration: number }[] } };
      const ids = new Set(w.__tap.events.map((e) => e.id));
      return ids.size === 0 ? 0 : Math.max(...w.__tap.events.map((e) => e.duration));
    });
    return { painted: Math.round(painted), inp };
  } finally {
    await context.close();
  }
}

const app = await productionAppWithApi();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const results = new Map(TAPS.map((t) => [t.name, { painted: [] as number[], inp: [] as number[] }]));
  for (let run = 1; run <= runs; run++) {
    const line: string[] = [];
    for (const tap of TAPS) {
      const r = await tapOnce(app.url, browser, tap);
      results.get(tap.name)!.painted.push(r.painted);
      results.get(tap.name)!.inp.push(r.inp);
      line.push(`${tap.name}${tap.target ? ` painted ${r.painted} ms,` : ''} INP ${r.inp} ms`);
    }
    console.log(`run ${run} (4× CPU, tap ${TAP_AFTER_MS} ms after the levels show): ${line.join(' · ')}`);
  }
  for (const tap of TAPS) {
    const r = results.get(tap.name)!;
    console.log(
      `${tap.name}: median${tap.target ? ` painted ${median(r.painted)} ms (range ${range(r.painted)}),` : ''} INP ${median(r.inp)} ms (range ${range(r.inp)})${tap.target ? ' · target ≤ 200 ms' : " (the page's floor: a tap that loads nothing)"}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
