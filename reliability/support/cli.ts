import { execFile } from 'node:child_process';
import { ADMIN_TOKEN, type ServerProcess } from './server';

export type Run = { code: number; stdout: string; stderr: string };

/** An npm script's file (`tsx scripts/<name>.ts`) run as its own process, as `npm run <name>` runs it. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } as NodeJS.ProcessEnv },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The operator CLI's environment for `server`: its admin endpoint and token, and a database nobody listens on, so a
 * CLI that found no server fails instead of opening a database of its own.
 */
export const cliEnv = (server: ServerProcess): Record<string, string> => ({
  ADMIN_URL: `${server.adminUrl}/admin`,
  ADMIN_TOKEN,
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
});

/** A program of the PostgreSQL that scripts/test-reliability.sh found (PG_BIN), else from PATH. */
export function runPg(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<Run> {
  const file = process.env.PG_BIN ? `${process.env.PG_BIN}/${tool}` : tool;
  return new Promise((resolve) => {
    execFile(file, args, (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}
