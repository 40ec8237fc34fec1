// CPU time of a Linux process from /proc/<pid>/stat, for the benches' per-request CPU figures.
import { readFileSync } from 'node:fs';

/**
 * utime + stime in ms (clock ticks of 10 ms), plus cutime + cstime (its reaped children's) with `reaped`;
 * undefined when the process is gone or there is no /proc.
 */
export function processCpuMs(pid: number | string | undefined, reaped = false): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * 10;
  } catch {
    return undefined;
  }
}
