import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const grid = showcaseId('grid');
/** Making Of does not allow downloads. */
const player = showcaseId('player');

interface Download {
  quality: string;
  public_name: string;
  height: number | null;
  size: number;
  size_short: string;
  link: string;
  is_cold: boolean;
}

async function videoIdNamed(
  request: APIRequestContext,
  album: number,
  name: string,
): Promise<number> {
  const body = await (
    await request.get(`/api/albums/${album}/videos?per_page=100&fields=uri,name`)
  ).json();
  const video = body.data.find((v: { name: string }) => v.name === name);
  return Number(video.uri.split('/').at(-1));
}

/** The button that opens the download modal. */
function opener(page: Page): Locator {
  return page.getByTestId('download').getByRole('button', { name: 'Download' });
}

/** Whether the element with focus sits inside the open modal (or nowhere: Tab past its end leaves for the browser's own controls). */
async function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate(
    (element) =>
      document.activeElement === document.body || element.contains(document.activeElement),
  );
}

async function downloadsOf(
  request: APIRequestContext,
  album: number,
  video: number,
): Promise<Download[]> {
  const response = await request.get(
    `/api/albums/${album}/videos/${video}?fields=download,privacy.download`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()).download;
}

test.describe('the download modal', () => {
  test('lists the files source first, then by height, with sizes, and downloads the bytes', async ({
    page,
    request,
  }) => {
    const video = await videoIdNamed(request, grid, 'Harbour at dawn');
    const body = await (
      await request.get(`/api/albums/${grid}/videos/${video}?fields=download,privacy.download`)
    ).json();
    expect(Object.keys(body).sort()).toEqual(['download', 'privacy']);
    expect(body.privacy).toEqual({ download: true });
    const files: Download[] = body.download;
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files[0]!.quality).toBe('source');
    const heights = files.slice(1).map((f) => f.height ?? 0);
    expect(heights).toEqual([...heights].sort((a, b) => a - b));

    await page.goto(`/showcase/${grid}/video/${video}`);
    await opener(page).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Download' });
    await expect(modal).toBeVisible();
    const rows = modal.getByTestId('download-files').locator('li');
    await expect(rows).toHaveCount(files.length);
    for (const [i, file] of files.entries()) {
      await expect(rows.nth(i)).toContainText(file.public_name);
      await expect(rows.nth(i).getByTestId('download-size')).toHaveText(file.size_short);
      // Intl's unit names for English: bytes written out, the others short.
      expect(file.size_short).toMatch(/^[\d,]+(\.\d)? (bytes?|kB|MB|GB|TB)$/);
    }
    await expect(rows.first()).toContainText('Original');
    // The first download link is reached by keyboard from the dialog's Close button.
    await expect(modal.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(modal.getByRole('link', { name: 'Download Original' })).toBeFocused();
    await expectAccessible(page);

    const href = await modal.getByRole('link', { name: 'Download Original' }).getAttribute('href');
    const download = await request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(
      /^attachment; filename="Harbour-at-dawn-source\.mp4"/,
    );
    expect((await download.body()).length).toBe(files[0]!.size);
  });

  test('is a modal the keyboard opens, walks and leaves, with focus back on its button', async ({
    page,
    request,
  }) => {
    const video = await videoIdNamed(request, grid, 'Harbour at dawn');
    await page.goto(`/showcase/${grid}/video/${video}`);
    const modal = page.getByRole('dialog', { name: 'Download' });
    await expect(modal).toBeHidden();
    // Closed, it covers nothing: the description's links and the footer's stay clickable.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Terms' })
      .last()
      .click({ trial: true });

    for (const key of ['Enter', 'Space']) {
      await opener(page).focus();
      await page.keyboard.press(key);
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: 'Close' })).toBeFocused();
      // Modal: the page behind takes no focus, neither by Tab nor by script.
      const links = await modal.getByRole('link').count();
      for (let i = 0; i < links + 2; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(modal)).toBe(true);
      }
      const behind = page.getByRole('contentinfo').getByRole('link').first();
      await behind.evaluate((link: HTMLElement) => link.focus());
      await expect(behind).not.toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect(opener(page)).toBeFocused();
    }

    // Close and a click outside close it too, and give the focus back.
    await opener(page).click();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(opener(page)).toBeFocused();
    await opener(page).click();
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();
  });

  test('opens with JavaScript off', async ({ browser, request }) => {
    const video = await videoIdNamed(request, grid, 'Harbour at dawn');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/showcase/${grid}/video/${video}`);
    await opener(page).click();
    const modal = page.getByRole('dialog', { name: 'Download' });
    await expect(modal.getByRole('link', { name: 'Download Original' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const [locale, name, unit] of [
      ['ko-KR', '다운로드', /^[\d,]+(\.\d)?(바이트|kB|MB|GB|TB)$/],
      ['fr-FR', 'Télécharger', /^[\d\u202f]+(,\d)?[\u202f\u00a0](octets?|ko|Mo|Go|To)$/],
    ] as const) {
      test(
        `passes axe open in ${locale}, sizes named as it says them, in the ${theme} theme`,
        { tag: '@accessibility' },
        async ({ browser, request }) => {
          const video = await videoIdNamed(request, grid, 'Harbour at dawn');
          const context = await browser.newContext();
          await context.addCookies([
            { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
          ]);
          const page = await context.newPage();
          await page.goto(`/${locale}/showcase/${grid}/video/${video}`);
          await page.getByTestId('download').getByRole('button', { name, exact: true }).click();
          const modal = page.getByRole('dialog', { name, exact: true });
          await expect(modal).toBeVisible();
          for (const size of await modal.getByTestId('download-size').allTextContents())
            expect(size).toMatch(unit);
          await expectAccessible(page);
          await context.close();
        },
      );
    }
  }

  test('refuses a download link whose signature or file name was tampered with', async ({
    request,
  }) => {
    const video = await videoIdNamed(request, grid, 'Harbour at dawn');
    const [source] = await downloadsOf(request, grid, video);
    const url = new URL(source!.link, 'http://x');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    const tampered = await request.get(url.pathname + url.search);
    expect(tampered.status()).toBe(403);
    expect(await tampered.text()).toBe(
      'Sorry but you do not have the proper permission to access this area.',
    );
    // Media paths carry no locale: the viewer's Accept-Language picks the refusal's language.
    const inJapanese = await request.get(url.pathname + url.search, {
      headers: { 'Accept-Language': 'ja-JP,ja;q=0.9' },
    });
    expect(await inJapanese.text()).toBe(
      '申し訳ありません。この領域にアクセスするための権限がありません。',
    );
    const renamed = new URL(source!.link, 'http://x');
    renamed.searchParams.set('dl', 'other-name.mp4');
    expect((await request.get(renamed.pathname + renamed.search)).status()).toBe(403);
    const expired = new URL(source!.link, 'http://x');
    expired.searchParams.set('exp', '1000');
    // The expiry is signed too: a link moved into the past is a forged one.
    expect((await request.get(expired.pathname + expired.search)).status()).toBe(403);
  });

  test('is not offered where the album does not allow downloads', async ({ page, request }) => {
    const video = await videoIdNamed(request, player, 'Harbour at dawn');
    const body = await (await request.get(`/api/albums/${player}/videos/${video}`)).json();
    expect(body.download).toEqual([]);
    expect(body.download_access).toBe('none');
    await page.goto(`/showcase/${player}/video/${video}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour at dawn');
    await expect(page.getByTestId('download')).toHaveCount(0);
  });

  test('tells the owner only they can download when downloads are off', async ({
    page,
    request,
  }) => {
    const video = await videoIdNamed(request, player, 'Harbour at dawn');
    await signIn(page, 'owner@vitrine.test');
    await page.goto(`/showcase/${player}/video/${video}`);
    await opener(page).click();
    const notice = page.getByTestId('download-creator-only');
    await expect(notice).toHaveText('Only you (the creator) can download this video Settings');
    await expect(notice.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/manage/videos/${video}/privacy`,
    );
    await expect(page.getByRole('link', { name: 'Download Original' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('a cold source file', () => {
  test('warns, asks for retrieval, says so, and is downloadable once retrieved', async ({
    page,
    request,
  }) => {
    const video = await videoIdNamed(request, grid, 'Glass studio');
    const [source] = await downloadsOf(request, grid, video);
    expect(source).toMatchObject({ quality: 'source', is_cold: true });

    await page.goto(`/showcase/${grid}/video/${video}`);
    await opener(page).click();
    const row = page.locator('[data-quality="source"]');
    await hydrated(page);
    await row.getByText('Fetch').click();
    await expect(row).toContainText(
      "This file has been archived because it hasn't been accessed for 30 days. Retrieving it takes a few hours.",
    );

    // A failing cold file link shows its error inline, and the link stays to try again.
    await page.route('**/retrieve?**', (route) => route.fulfill({ status: 500, body: '' }));
    await row.getByRole('link', { name: 'Retrieve file' }).click();
    await expect(row.getByRole('alert')).toHaveText(
      "Sorry, we couldn't ask for this file. Please try again.",
    );
    await page.unroute('**/retrieve?**');

    await row.getByRole('link', { name: 'Retrieve file' }).click();
    await expect(row.getByRole('status')).toContainText("We're on it");
    await expectAccessible(page);

    // The e2e server retrieves a file at its next sweep (COLD_RESTORE_DELAY 0).
    await expect
      .poll(async () => (await downloadsOf(request, grid, video))[0]!.is_cold)
      .toBe(false);
    await page.reload();
    await opener(page).click();
    const href = await page
      .locator('[data-quality="source"]')
      .getByRole('link', { name: 'Download Original' })
      .getAttribute('href');
    const download = await request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toContain('attachment');
  });
});
