// Lighthouse for the benches (bench:lighthouse, bench:lighthouse-tasks): its own package.json and lock in
// bench/lighthouse-cli/, installed into .run/lighthouse-cli/ on the first run (npm install and npm start do without
// its ~100 packages), run in Debian's Chromium with the mobile form factor.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';

const CONFIG_PATH = '.run/lighthouse-config.json';
const LIGHTHOUSE_DIR = '.run/lighthouse-cli';
const LIGHTHOUSE_CLI = `${LIGHTHOUSE_DIR}/node_modules/lighthouse/cli/index.js`;

export function ensureLighthouse() {
  const lock = readFileSync('bench/lighthouse-cli/package-lock.json', 'utf8');
  if (existsSync(LIGHTHOUSE_CLI) && existsSync(`${LIGHTHOUSE_DIR}/package-lock.json`) && readFileSync(`${LIGHTHOUSE_DIR}/package-lock.json`, 'utf8') === lock)
    return;
  mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(`bench/lighthouse-cli/${file}`, `${LIGHTHOUSE_DIR}/${file}`);
  console.log(`Installing Lighthouse into ${LIGHTHOUSE_DIR}/ (first run)`);
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--silent'], { cwd: LIGHTHOUSE_DIR, stdio: 'inherit' });
}

/**
 * One mobile audit of `url`, its JSON report written to `output` (`flags` add categories, assets, trace
 * categories). It starts from a blank page on the audited origin (see bench/lighthouse.ts). Asynchronous on
 * purpose: the static servers live in the calling process and must keep answering.
 */
export async function runLighthouse(url: string, output: string, flags: string[]) {
  writeFileSync(CONFIG_PATH, JSON.stringify({ extends: 'lighthouse:default', settings: { blankPage: new URL('/lighthouse-blank', url).href } }));
  await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      `--config-path=${CONFIG_PATH}`,
      '--quiet',
      ...flags,
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-path=${CHROMIUM_PATH}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
}
