import { type ChildProcess, type SpawnOptions, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Anvil, startAnvil } from './anvil';
import { LOCAL_ROLES, anvilPrivateKey } from './accounts';
import { deployLocal } from './deploy';
import { ensureConsoleAdmin } from './console-operator';
import { startMailCatcher } from './mail-catcher';
import { LOCAL_CHAIN_ID, localAppOrigins } from '../lib/local-stack';
import { freePort } from './ports';
import { assertExportHasTheme } from './theme-css';
import { precompress } from './precompress';
import { type BuildStamp, STAMP_FILE, rebaseFromSibling } from './rebased-export';
import { type StaticServer, serveStatic } from './static-server';

/**
 * `appSettings`: build settings of the app's export beyond the stack's own URLs (the e2e suite's shorter settlement bound).
 * `appAfter`: the app's export is made only once this settles (another stack of the same run being built, whose export
 * this one's then copies with its own URLs: rebased-export.ts), while the rest of the stack starts.
 */
export type StackOptions = {
  appPort: number;
  apiPort: number;
  adminPort: number;
  chainPort: number;
  mailPort?: number;
  dataDir: string;
  outDir?: string;
  quiet?: boolean;
  serveApp?: boolean;
  consoleLater?: boolean;
  appSettings?: Record<string, string>;
  appAfter?: Promise<unknown>;
};
/**
 * `mailUrl`: the local mail catcher's page, where the verification emails the server sends can be read.
 * `adminUrl`: the server's operator endpoints (`/admin/op`, ...), on their own loopback port, with `adminToken`.
 * `consoleUrl`: the operator's console on that same loopback port.
 */
/**
 * `consoleBuilt`: settled once the console's export is in place; startStack waits for it unless `consoleLater`
 * (npm start, whose App URL then comes without waiting for a build only an operator opens, and which starts that
 * build only once the stack is up).
 */
export type Stack = {
  appEnv: Record<string, string>;
  appUrl: string;
  apiUrl: string;
  adminUrl: string;
  consoleUrl: string;
  consoleBuilt: Promise<void>;
  chainUrl: string;
  chainId: number;
  adminToken: string;
  mailUrl: string;
  stop: () => Promise<void>;
};

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function waitForHttp(url: string, child: ChildProcess, seconds: number) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** A start after a crash: stop the chain and server a killed run left behind (their ports would be taken). */
function killLeftovers(pidFile: string) {
  if (!existsSync(pidFile)) return;
  for (const pid of readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  writeFileSync(pidFile, '');
}

function recordPid(pidFile: string, pid: number | undefined) {
  if (pid) writeFileSync(pidFile, `${existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : ''}${pid}\n`);
}

/** A child process that must succeed, awaited without blocking this one (its other work goes on meanwhile). */
function runChild(command: string, args: string[], options: SpawnOptions) {
  const child = spawn(command, args, options);
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, sig) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${sig ?? `exit ${code}`})`))));
  });
}

/** `next build` in a child process, without blocking this one (a stack builds while its servers start). */
function nextBuild(args: string[], env: Record<string, string>, quiet: boolean, signal?: AbortSignal) {
  return runChild(process.execPath, ['node_modules/next/dist/bin/next', 'build', ...args], {
    stdio: quiet ? 'ignore' : 'inherit',
    env: { ...process.env, ...env },
    signal,
  });
}

/**
 * Builds the static export for this stack's URLs into outDir unless it already holds exactly that build, or copies
 * another export of the same source that differs in the stack's URLs only, with its URLs replaced (rebased-export.ts).
 * The build does not type-check (next.config.mjs): `npm run typecheck`, the first step of `npm test`, does.
 */
export async function buildApp(env: Record<string, string>, outDir = 'out', quiet = false, signal?: AbortSignal) {
  const stampFile = join(outDir, STAMP_FILE);
  // The build matches when the settings and the source (commit plus uncommitted changes) are the same.
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8' }).trim();
    } catch {
      return 'no-git';
    }
  };
  const stamp: BuildStamp = {
    env,
    source: [
      git('rev-parse', 'HEAD'),
      git('status', '--porcelain', '--', 'app', 'shell', 'components', 'screens', 'lib', 'i18n', 'messages', 'abi', 'public', 'next.config.mjs'),
    ],
  };
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === JSON.stringify(stamp)) return;
  if (rebaseFromSibling(stamp, outDir, exportDirs())) return;
  // An export being rebuilt has no stamp, so no other stack copies it half-written (rebased-export.ts).
  rmSync(stampFile, { force: true });
  const exportDir: Record<string, string> = outDir === 'out' ? {} : { NEXT_EXPORT_DIR: outDir };
  await nextBuild([], { ...env, ...exportDir }, quiet, signal);
  assertExportHasTheme(outDir);
  precompress(outDir);
  writeFileSync(stampFile, JSON.stringify(stamp));
}

/** Where the app's exports are built: out/ (npm start) and the folders under .run/ (the test run's stacks, the benches'). */
function exportDirs(): string[] {
  return ['out', ...(existsSync('.run') ? readdirSync('.run').map((name) => join('.run', name)) : [])];
}

/** Where the operator's console is built (console/, a Next export of its own with no build-time settings). */
export const CONSOLE_OUT_DIR = 'console/out';

/** A digest of the files a build reads under these folders (not its output, its cache, or the next-env.d.ts it writes). */
function sourceDigest(dirs: string[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'out' || entry.name === '.next' || entry.name === 'node_modules' || entry.name === 'next-env.d.ts') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  for (const dir of dirs) walk(dir);
  return hash.digest('hex');
}

/**
 * Builds the operator's console into console/out unless it already holds the build of these sources
 * (console/ and lib/, by content: other people's commits do not rebuild it). It takes no settings (its API is on
 * the page's own origin), so `npm start` and a test run share one build. The admin app serves it at /console/.
 */
export async function buildConsole(quiet = false, signal?: AbortSignal) {
  const stampFile = `${CONSOLE_OUT_DIR}/.stack-source`;
  const stamp = sourceDigest(['console', 'lib']);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  await nextBuild(['console'], {}, quiet, signal);
  precompress(CONSOLE_OUT_DIR);
  writeFileSync(stampFile, stamp);
}

/**
 * The whole product on 127.0.0.1: anvil (state kept in dataDir) with the contracts, the API server on
 * PGlite in dataDir with its indexer and jobs, a local mail catcher for its emails, demo content on first run,
 * and the static export.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  mkdirSync(opts.dataDir, { recursive: true });
  const pidFile = `${opts.dataDir}/stack.pids`;
  killLeftovers(pidFile);
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  // The app's settings are known before anything starts (the chain's and the API's ports, the local chain id), so
  // the app and the console build while the chain, the contracts, the server and the seed come up: on a first
  // start the builds are the longest part after the install, and they no longer wait for the rest.
  const apiUrl = `http://127.0.0.1:${opts.apiPort}`;
  const chainUrl = `http://127.0.0.1:${opts.chainPort}`;
  const appEnv = {
    NEXT_PUBLIC_APP_ENV: 'local',
    NEXT_PUBLIC_API_URL: apiUrl,
    NEXT_PUBLIC_RPC_URL: chainUrl,
    NEXT_PUBLIC_CHAIN_ID: String(LOCAL_CHAIN_ID),
    ...opts.appSettings,
  };
  const buildAbort = new AbortController();
  const appBuilt =
    opts.serveApp === false ? Promise.resolve() : (opts.appAfter ?? Promise.resolve()).then(() => buildApp(appEnv, opts.outDir, opts.quiet, buildAbort.signal));
  // The operator's console, which the server's admin app serves at /console/ (its files are read per request). Built
  // after the app; under `consoleLater` only once the stack is up, so it never takes the 2 cores from the server
  // and the seed while the App URL is still to come.
  let stackUp = () => {};
  const consoleMayStart = opts.consoleLater ? new Promise<void>((resolve) => (stackUp = resolve)) : Promise.resolve();
  const consoleBuilt =
    opts.serveApp === false ? Promise.resolve() : Promise.all([appBuilt, consoleMayStart]).then(() => buildConsole(opts.quiet, buildAbort.signal));
  // Both are awaited below (or by the caller); a failure elsewhere first must not leave them unhandled.
  appBuilt.catch(() => undefined);
  consoleBuilt.catch(() => undefined);
  cleanups.push(async () => buildAbort.abort());
  try {
    const anvil: Anvil = await startAnvil({ port: opts.chainPort, chainId: LOCAL_CHAIN_ID, statePath: `${opts.dataDir}/anvil-state.json` });
    cleanups.push(anvil.stop);
    recordPid(pidFile, anvil.process.pid);
    const deploymentFile = `${opts.dataDir}/deployment.json`;
    const deployment = await deployLocal(anvil.rpcUrl, deploymentFile);

    // Verification emails go to a local catcher (never relayed): its page shows them.
    const mail = await startMailCatcher({ webPort: opts.mailPort ?? 0 });
    cleanups.push(mail.stop);

    const tokenFile = `${opts.dataDir}/admin-token`;
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(opts.apiPort),
        ADMIN_PORT: String(opts.adminPort),
        LOCAL_MODE: '1',
        APP_ORIGINS: localAppOrigins(opts.appPort).join(','),
        CHAIN_ID: String(deployment.chainId),
        OPERATOR_PRIVATE_KEY: anvilPrivateKey(LOCAL_ROLES.operator),
        DATA_DIR: `${opts.dataDir}/pglite`,
        DEPLOYMENT_FILE: deploymentFile,
        ADMIN_TOKEN_FILE: tokenFile,
        JOB_INTERVAL_MS: '10000',
        SMTP_URL: mail.smtpUrl,
        MAIL_FROM: 'WLD Staking (local) <no-reply@wld.local>',
      },
    });
    cleanups.push(() => stopChild(server));
    recordPid(pidFile, server.pid);
    await waitForHttp(`${apiUrl}/health`, server, 180);
    // A child process awaited, not run synchronously: the app's build finishes (its checks and precompression) meanwhile.
    await runChild(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      stdio: opts.quiet ? 'ignore' : 'inherit',
      env: {
        ...process.env,
        PORT: String(opts.apiPort),
        ADMIN_PORT: String(opts.adminPort),
        LOCAL_MODE: '1',
        ADMIN_TOKEN_FILE: tokenFile,
        DATA_DIR: `${opts.dataDir}/pglite`,
        CHAIN_RPC_URL: anvil.rpcUrl,
      },
    });

    // The deployer (account 0, the Vault's owner) is an admin of the operator console: usable at once.
    await ensureConsoleAdmin(opts.adminPort, readFileSync(tokenFile, 'utf8').trim());

    if (anvil.rpcUrl !== chainUrl || deployment.chainId !== LOCAL_CHAIN_ID)
      throw new Error(`the app was built for ${chainUrl} (chain ${LOCAL_CHAIN_ID}), the chain is ${anvil.rpcUrl} (chain ${deployment.chainId})`);
    await appBuilt;
    if (!opts.consoleLater) await consoleBuilt;
    let appUrl = `http://127.0.0.1:${opts.appPort}/`;
    if (opts.serveApp !== false) {
      const app: StaticServer = await serveStatic(opts.outDir ?? 'out', { port: opts.appPort });
      cleanups.push(app.close);
      appUrl = app.url;
    }
    cleanups.push(async () => writeFileSync(pidFile, ''));
    stackUp();
    const adminUrl = `http://127.0.0.1:${opts.adminPort}/admin`;
    const consoleUrl = `http://127.0.0.1:${opts.adminPort}/console/`;
    return {
      appEnv,
      appUrl,
      apiUrl,
      adminUrl,
      consoleUrl,
      consoleBuilt,
      chainUrl: anvil.rpcUrl,
      chainId: deployment.chainId,
      adminToken: readFileSync(tokenFile, 'utf8').trim(),
      mailUrl: mail.webUrl,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A quiet stack for a test run or a bench: free loopback ports and a fresh data folder under the system tmp. */
export async function startThrowawayStack(name: string, opts: Pick<StackOptions, 'outDir' | 'serveApp' | 'appSettings' | 'appAfter'> = {}): Promise<Stack> {
  return startStack({
    appPort: await freePort(),
    apiPort: await freePort(),
    adminPort: await freePort(),
    chainPort: await freePort(),
    mailPort: await freePort(),
    dataDir: mkdtempSync(join(tmpdir(), `${name}-stack-`)),
    quiet: true,
    ...opts,
  });
}
