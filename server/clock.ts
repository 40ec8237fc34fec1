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

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
