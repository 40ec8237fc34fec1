/** Where the server reads the time: injectable, so tests (and the local-only clock command) move days forward. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock shifted by an adjustable offset; only the local stack exposes the shift. */
export function offsetClock(base: Clock = systemClock) {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    offsetMs: () => offsetMs,
  };
}

/** One day in milliseconds (a stake's day, the redeem window, yesterday's figures). */
export const DAY_MS = 24 * 3600 * 1000;

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** 00:00 UTC of the day `at` falls on (the rewards' today and yesterday, the team's new members). */
export const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** 00:00 UTC of the day after `at`: when an operator's rule change made at `at` takes effect. */
export const nextUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
