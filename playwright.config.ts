import { defineConfig } from '@playwright/test';

// Debian's Chromium (installed by `npm test` when missing); Playwright's own browser download cannot run here.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];

/**
 * The longest spec files (a minute or more of one worker each), in a project listed first: Playwright hands out files
 * project by project, in name order within one, and with words.spec.ts last by name one worker ran it alone at the end.
 */
const LONGEST_SPECS = ['words', 'stake-sheets', 'console', 'session', 'wallet-quirks', 'settle'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  projects: [
    { name: 'longest', testMatch: LONGEST_SPECS },
    { name: 'rest', testIgnore: LONGEST_SPECS },
  ],
  outputDir: 'e2e-artifacts/results',
  // Two workers, each on a stack of its own (e2e/support/global-setup.ts), each taking whole files; E2E_WORKERS=1
  // starts one stack, which is quicker for a single spec.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A stray test.only in CI would silently skip the rest of the suite.
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list', { printSteps: true }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    // Recording a trace of every test (to keep the failures') cost about a tenth of the suite's CPU (docs/decisions.md):
    // E2E_TRACE=1 records them, for a failure to be read in `npx playwright show-trace`.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
