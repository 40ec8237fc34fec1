/** Seconds as days and hours. */
export function splitDuration(seconds: string) {
  const s = Number(seconds);
  return { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) };
}
