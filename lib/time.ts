// The one time formatter module: the members' records in the device's time (spec section 9), the console's and the
// operators' emails in UTC.

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds as yyyy-mm-dd hh:mm:ss (local time), per spec section 9. */
export function formatTime(unixSeconds: string) {
  const d = new Date(Number(unixSeconds) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A moment as UTC to the minute, "2026-11-26 05:40": the console's times and the operators' alerts and reminders. */
export function formatUtcMinute(time: Date): string {
  return time.toISOString().slice(0, 16).replace('T', ' ');
}
