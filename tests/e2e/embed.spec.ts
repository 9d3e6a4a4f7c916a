/**
 * The showcase embed on another site (SPEC §2): the copied embed code in a page of another
 * origin plays the showcase there, lists it with thumbnails and durations, moves between
 * videos and pages; the owner limits embedding to one domain and the other gets a screen
 * that says so, while the allowed one still plays; axe in both themes.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { embedCode, showcaseEmbedSrc } from '../../src/lib/embedCode.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { openOtherSite, OTHER_PORT, pageWith, type OtherSite } from './otherOrigin.ts';
import { signIn } from './session.ts';

const grid = showcaseId('grid');
const featured = showcaseId('featured');
let site: OtherSite;

test.beforeAll(async () => {
  site = await openOtherSite();
});
test.afterAll(async () => {
  await site.close();
});

function partnerPage(path: string, albumId: number, baseURL: string): string {
  site.page(
    path,
    pageWith(
      embedCode({
        src: showcaseEmbedSrc(baseURL, albumId),
        title: 'Our films',
        size: 'responsive',
      }),
    ),
  );
  return path;
}

async function playsIn(frame: FrameLocator) {
  const video = frame.frameLocator('iframe[data-embed-player]').locator('video');
  await expect(video).toBeAttached();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0);
}

test('the copied embed code plays the whole showcase on another site', async ({
  page,
  baseURL,
}) => {
  await page.goto(`http://localhost:${OTHER_PORT}${partnerPage('/films', grid, baseURL!)}`);
  const embed = page.frameLocator('iframe[title="Our films"]');
  await expect(embed.getByRole('heading', { level: 1, name: 'Northwind Showreel' })).toBeVisible();
  const list = embed.getByRole('navigation', { name: 'Videos in this showcase' });
  await expect(list.getByRole('link')).toHaveCount(24 + 1);
  const first = list.locator('a[data-embed-item]').first();
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(first.locator('img')).toHaveAttribute('src', /\/thumbnails\//);
  await expect(first).toContainText(/\d+:\d\d/);
  await playsIn(embed);

  // A video of the list plays in place; previous and next follow it.
  const third = list.locator('a[data-embed-item]').nth(2);
  await third.click();
  await expect(third).toHaveAttribute('aria-current', 'true');
  await expect(embed.locator('iframe[data-embed-player]')).toHaveAttribute(
    'src',
    new RegExp(`/video/${await third.getAttribute('data-embed-item')}/embed\\?autoplay=1`),
  );
  await embed.getByRole('link', { name: /Next video/ }).click();
  await expect(list.locator('a[data-embed-item]').nth(3)).toHaveAttribute('aria-current', 'true');
  await embed.getByRole('link', { name: /Previous video/ }).click();
  await expect(third).toHaveAttribute('aria-current', 'true');

  // Past 24 videos, the next page.
  await list.getByRole('link', { name: 'Next page' }).click();
  await expect(list.locator('a[data-embed-item]')).toHaveCount(10);
  await expect(list.getByRole('link', { name: 'Previous page' })).toBeVisible();
  await playsIn(embed);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the embed passes axe in the ${theme} theme`, async ({ page, context }) => {
    await context.addCookies([
      { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
    ]);
    await page.goto(`/showcase/${grid}/embed?page=2`);
    await expect(page.locator('a[data-embed-item]').first()).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expectAccessible(page);
  });
}

async function setDomains(page: Page, domains: string) {
  await page.goto(`/manage/showcases/${featured}/embed`);
  await page.getByLabel('Sites allowed to embed this showcase').fill(domains);
  await page.getByRole('button', { name: 'Save' }).click();
}

test('an owner limits embedding to one site: elsewhere the frame says so, there it plays', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'owner@vitrine.test', 'vitrine-demo', `/showcase/${featured}`);
  await setDomains(page, 'not a domain!');
  await expect(page.getByRole('alert')).toHaveText('Not a domain: domain!');
  await setDomains(page, `https://localhost:${OTHER_PORT}/any/page`);
  await expect(page.getByTestId('embed-saved')).toHaveText('Embed settings saved.');
  await expect(page.getByTestId('embed-scope')).toHaveText(
    `Only these sites may embed this showcase: localhost:${OTHER_PORT}`,
  );
  await expectAccessible(page);
  try {
    const visitor = await browser.newPage();
    const path = partnerPage('/featured', featured, baseURL!);
    await visitor.goto(`http://127.0.0.2:${OTHER_PORT}${path}`);
    const refused = visitor.frameLocator('iframe[title="Our films"]');
    await expect(
      refused.getByRole('heading', { name: "This showcase can't be embedded here" }),
    ).toBeVisible();
    await expect(refused.getByRole('link', { name: /Watch it here/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(refused.locator('iframe')).toHaveCount(0);

    await visitor.goto(`http://localhost:${OTHER_PORT}${path}`);
    const allowed = visitor.frameLocator('iframe[title="Our films"]');
    await expect(
      allowed.getByRole('heading', { level: 1, name: 'Featured Stories' }),
    ).toBeVisible();
    await playsIn(allowed);
    // The browser holds the same line: the frame's policy names only the allowed site.
    const response = await visitor.request.get(`/showcase/${featured}/embed`);
    expect(response.headers()['content-security-policy']).toContain(
      `frame-ancestors 'self' https://localhost:${OTHER_PORT} http://localhost:${OTHER_PORT}`,
    );
  } finally {
    await setDomains(page, '');
    await expect(page.getByTestId('embed-scope')).toHaveText('Every site may embed this showcase.');
  }
});
