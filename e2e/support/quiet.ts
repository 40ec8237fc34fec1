/**
 * "Nothing happens over N ms", stated and bounded: `check` must hold at every look (every 100 ms) for `ms`
 * milliseconds; the first look that fails throws at once. For what must NOT happen (a second login, a toast),
 * where waiting for a state is impossible; everything else waits for the state it expects.
 */
export async function holdsFor(ms: number, check: () => void | Promise<void>): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    await check();
    if (Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
  }
}
