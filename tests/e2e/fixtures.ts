import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { DEMO_SHOWCASES } from '../../src/server/seed/demoCatalogue.ts';
import { DATABASE_PASS } from './databasePass.ts';

/** Showcase ids follow the catalogue's order: the seed inserts them into an empty database. */
export function showcaseId(key: string): number {
  const index = DEMO_SHOWCASES.findIndex((s) => s.key === key);
  if (index < 0) throw new Error(`no demo showcase ${key}`);
  return index + 1;
}

/**
 * axe-core on the page as it is now: every e2e screen must have no violations. Not run again
 * in the database pass, where only what rests on the database differs.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (DATABASE_PASS) return;
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Islands render on the server first; wait until every island on the page (or in the frame)
 * that hydrates by itself has taken over, for tests of what only the hydrated island does.
 * Those hydrated on interaction (client:interaction) wait for it.
 */
export async function hydrated(scope: Page | FrameLocator): Promise<void> {
  await expect(scope.locator('astro-island').first()).toBeAttached();
  await expect(scope.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
}

/** The islands of a component (its file's name, `Search`), hydrated or still as the server wrote them. */
export function islandOf(
  scope: Page | FrameLocator | Locator,
  component: string,
  state: 'hydrated' | 'server',
): Locator {
  return scope.locator(
    `astro-island[component-url*="/${component}."]${state === 'hydrated' ? ':not([ssr])' : '[ssr]'}`,
  );
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Every page of every test records Content-Security-Policy violations; a test fails when
 * its pages broke the policy they were sent (the policy must be one the pages satisfy).
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use();
      for (const page of context.pages()) {
        const violations = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
        expect(violations, `CSP violations on ${page.url()}`).toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
