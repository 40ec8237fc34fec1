/** Unix seconds as yyyy-mm-dd hh:mm:ss (local time), per spec section 9. */
export function formatTime(unixSeconds: string) {
  const d = new Date(Number(unixSeconds) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
