// Starts one server for bench:api as a child process (pinned to a core when taskset is here), waits for the
// URL it prints, and stops it by its own pid.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { processCpuMs } from './proc-cpu';

/** `cpuMs`: the CPU time (user + system) the server has used so far; per request, it is what neighbours on a busy machine cannot blur. */
export type BenchServer = { url: string; cpuMs: () => number; stop: () => Promise<void> };

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Pins this process (all its threads) to one core, so the load never shares the server's core. */
export function pinSelf(core: number) {
  if (hasTaskset) execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
}

export function startServer(script: string, env: Record<string, string>, core: number, nodeArgs: string[] = []): Promise<BenchServer> {
  const args = [...nodeArgs, '--import', 'tsx', script];
  const child: ChildProcess = hasTaskset
    ? spawn('taskset', ['-c', String(core), process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`${script} printed no URL within 60 s:\n${out}`))), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ url, cpuMs: () => processCpuMs(child.pid) ?? Number.NaN, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before serving:\n${out}`));
    });
  });
}
