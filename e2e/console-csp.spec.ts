import { expect, test } from './support/test';
import { anvilAccount } from '../stack/accounts';
import { admin, withWallet } from './support/stack';

// The console's Content-Security-Policy in a real browser: the export boots and signs in with its own inline
// scripts allowed by hash, and a script injected into the page does not run. Account 98 is this spec's (an auditor,
// support and editor operator: every section but the admin's).
test.use({ viewport: { width: 1280, height: 800 } });

const OPERATOR = 98;

type Violation = { directive: string; blocked: string };
declare global {
  interface Window {
    cspViolations: Violation[];
    injectedRan?: string;
  }
}

test('operator console: runs its own inline scripts under the CSP and refuses an injected one', async ({ page, context }) => {
  await admin('operator.add', anvilAccount(OPERATOR).address, 'auditor,support,editor', 'e2e csp');
  await withWallet(context, { account: OPERATOR });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
    window.localStorage.setItem('console.language', 'en');
  });

  const res = await page.goto(process.env.CONSOLE_URL!);
  const csp = res?.headers()['content-security-policy'] ?? '';
  const scriptSrc =
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ')) ?? '';
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);

  // The page boots (Next's inline flight data and chunk list run) and the operator signs in.
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  await expect(page.locator('[data-operator]:visible')).toHaveAttribute('data-operator', anvilAccount(OPERATOR).address);
  const sections = page.locator('aside nav a[data-section]');
  await expect(sections).toHaveCount(7);
  for (const link of await sections.all()) {
    await link.click();
    await expect(page.locator(`[data-console-section="${await link.getAttribute('data-section')}"]`)).toBeVisible();
  }
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);

  // An injected inline script and an inline event handler (what an HTML injection would try) do not run.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = "window.injectedRan = 'script'";
    document.body.append(script);
    const img = document.createElement('div');
    img.innerHTML = `<img src="/console/no-such-image.png" onerror="window.injectedRan = 'handler'">`;
    document.body.append(img);
  });
  await expect.poll(() => page.evaluate(() => window.cspViolations.map((v) => v.directive).sort())).toEqual(['script-src-attr', 'script-src-elem']);
  expect(await page.evaluate(() => window.injectedRan)).toBeUndefined();
});
