/**
 * How long a money movement is waited for in the ledger (the server indexes it after the chain's confirmations)
 * before the app says it is still waiting instead of successful: 3 minutes (12 blocks of Ethereum mainnet and the
 * indexer's round), or NEXT_PUBLIC_SETTLEMENT_BOUND_MS at build time (a whole number of milliseconds), which the
 * e2e suite's build sets shorter.
 */
export function settlementBound(configured: string | undefined): number {
  return configured && /^[1-9]\d{0,8}$/.test(configured) ? Number(configured) : 180_000;
}

/** Spec section 9 timings, in milliseconds. */
export const TIMING = {
  scrollDebounce: 150,
  doubleTapGuard: 300,
  postLoginReload: 500,
  autoplay: 3000,
  walletRetryInterval: 500,
  /** A connection request the wallet has not answered by then is reported (the user may tap again). */
  walletAnswer: 15_000,
  /** A transaction without a receipt by then shows as still pending (it is still waited for). */
  receiptPatience: 15_000,
  /** How long a silent probe of the wallet's granted accounts may take. */
  accountsProbe: 1_500,
  /** Waiting for the ledger to show a movement: the bound, and the pauses between looks (growing from first to max). */
  settlement: { bound: settlementBound(process.env.NEXT_PUBLIC_SETTLEMENT_BOUND_MS), first: 1_000, max: 8_000 },
} as const;

export const SCROLL_THRESHOLD_PX = 30;
export const WALLET_RETRIES = 5;

/** Trailing-edge debounce. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/** A double-tap guard: accept() is true for a tap, false for one within `windowMs` of the last accepted tap. */
export function createTapGuard(windowMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return {
    accept: () => {
      const t = now();
      if (t - last < windowMs) return false;
      last = t;
      return true;
    },
  };
}

/**
 * The one busy guard of an action: `run(step)` runs the step unless one is still running, and, given a tap guard,
 * unless it comes within that guard's window of the last accepted start; otherwise it resolves to undefined at once.
 */
export function createOneAtATime(tap?: { accept: () => boolean }) {
  let running = false;
  return {
    run: async <T>(step: () => Promise<T>): Promise<T | undefined> => {
      if (running || (tap && !tap.accept())) return undefined;
      running = true;
      try {
        return await step();
      } finally {
        running = false;
      }
    },
  };
}

/**
 * Runs `fn` once the browser is idle (after the frames it owes have painted), or after `timeoutMs` at the
 * latest; setTimeout where requestIdleCallback is missing (Safari). Returns the cancel.
 */
export function whenIdle(fn: () => void, timeoutMs = 500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 50);
  return () => window.clearTimeout(id);
}
