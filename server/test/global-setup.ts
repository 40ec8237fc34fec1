import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated PGlite data directory (testDatabase starts each PGlite from it); '' on PostgreSQL. */
    pgliteImagePath: string;
  }
}

/** Migrates one PGlite for the whole run and hands its data directory to every test file (server/test/harness.ts). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return project.provide('pgliteImagePath', '');
  const path = join(tmpdir(), `pglite-migrated-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('pgliteImagePath', path);
  return () => rm(path, { force: true });
}

/** The image global-setup made, or undefined outside a vitest run that has it. */
export async function pgliteImage(path: string): Promise<Blob | undefined> {
  return path ? new Blob([await readFile(path)]) : undefined;
}
