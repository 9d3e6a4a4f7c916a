import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFfmpegBinaries } from '../../src/server/media/ffmpegBinaries.ts';
import { test, expect, expectAccessible, hydrated, showcaseId } from './fixtures.ts';
import { signIn } from './session.ts';

/** SPEC §2, §5, §7, §8: the stock catalogue, the cart, Add to account and the "Confirmed!" toast. */

/** Opens a clip page from the stock landing, as a visitor finds it. */
async function openClip(page: import('@playwright/test').Page, title: string): Promise<number> {
  await page.goto('/stock');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return Number(new URL(page.url()).pathname.slice(1));
}

/** Codec and size of the video stream of a downloaded file, as ffprobe reads it. */
async function probeDownload(
  page: import('@playwright/test').Page,
  href: string,
): Promise<{ codec: string; width: number; height: number }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-stock-')), 'clip.mp4');
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  writeFileSync(file, await answer.body());
  const { ffprobe, ffprobeEnv } = await findFfmpegBinaries({
    ffmpegPath: process.env['FFMPEG_PATH'],
    searchPath: process.env['PATH'],
    warn: () => {},
  });
  const probed = spawnSync(
    ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'json',
      file,
    ],
    { env: { ...process.env, ...ffprobeEnv } },
  );
  const stream = (
    JSON.parse(probed.stdout.toString()) as {
      streams: { codec_name: string; width: number; height: number }[];
    }
  ).streams[0]!;
  return { codec: stream.codec_name, width: stream.width, height: stream.height };
}

/**
 * Stops the page's clock once its islands have hydrated, so the toast's 4 s run only when
 * the test says (page.clock.install() must come before the page loads).
 */
async function pauseClock(page: import('@playwright/test').Page): Promise<void> {
  await hydrated(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

async function emptyCart(page: import('@playwright/test').Page): Promise<void> {
  await page.goto('/stock/cart');
  while ((await page.getByTestId('cart-line').count()) > 0) {
    await page
      .getByTestId('cart-line')
      .first()
      .getByRole('button', { name: /Remove/ })
      .click();
    await page.waitForLoadState('load');
  }
}

test.describe('the stock catalogue for a logged-out viewer', () => {
  test('reads the landing, a collection, the creator search and a clip page, and is asked to log in to buy', async ({
    page,
  }) => {
    await page.goto('/stock');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock footage' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'City and streets' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Nature and weather' })).toBeVisible();
    await expect(page.locator('astro-island')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Nature and weather' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nature and weather' })).toBeVisible();
    await expect(page.getByText('Clips: 3')).toBeVisible();
    await expectAccessible(page);

    const clipId = await openClip(page, 'City lights at dusk');
    const qualities = page.getByRole('table', { name: 'Qualities' });
    await expect(
      qualities.getByRole('row', { name: /HD MP4 1920 × 1080 H\.264 \$49\.00/ }),
    ).toBeVisible();
    await expect(qualities.getByRole('row', { name: /4K MP4 3840 × 2160 H\.264/ })).toContainText(
      '$79.00',
    );
    await expect(qualities.getByRole('row', { name: /4K/ })).toContainText('$59.00');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log in to add this clip' })).toHaveAttribute(
      'href',
      `/log_in?redirect=%2F${clipId}`,
    );
    await expect(page.locator('video source')).toHaveAttribute('src', /^\/media\/.+sig=/);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'More from Olivia Okafor' }).click();
    await expect(page).toHaveURL(
      /\/stock\/search\?filter_user=%2Fuser%2F\d+&via=stock-creator-albums$/,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stock clips by Olivia Okafor' }),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ has: page.getByTestId('clip-price') }),
    ).toHaveCount(6);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Morning fog in the valley' })
        .getByTestId('clip-price'),
    ).toHaveText('Free');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Hands at the spice market' })
        .getByTestId('clip-price'),
    ).toHaveText('From $45.00');
    await expectAccessible(page);
  });

  test('only numeric ids are clips: other root paths keep working or are not found', async ({
    page,
  }) => {
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    expect((await page.goto('/999999'))?.status()).toBe(404);
    expect((await page.goto('/log_in'))?.status()).toBe(200);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('prices read in the viewer’s language, all in the catalogue’s one currency', async ({
    page,
  }) => {
    await page.goto('/de-DE/stock');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Hands at the spice market' })
        .getByTestId('clip-price'),
    ).toHaveText(/^Ab 45,00\s\$$/);
    const prices = await page.getByTestId('clip-price').allInnerTexts();
    const paid = prices.filter((price) => /\d/.test(price));
    expect(paid.length).toBeGreaterThan(3);
    expect(paid.filter((price) => !/^Ab [\d.,]+\s\$$/.test(price))).toEqual([]);
  });
});

test.describe('a basic account', () => {
  test('adds a paid clip to its cart once, sees the toast for 4 s, then changes and removes it in the cart', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'member@vitrine.test');
    await emptyCart(page);
    await openClip(page, 'City lights at dusk');
    await expect(page.getByRole('button', { name: 'Add to account' })).toHaveCount(0);
    await pauseClock(page);

    await page.getByRole('radio', { name: /4K/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).dblclick();
    const toast = page.getByRole('status');
    await expect(toast.getByRole('heading', { name: 'Confirmed!' })).toBeVisible();
    await expect(toast).toContainText('Added to your cart: City lights at dusk');
    await expect(toast.getByRole('link', { name: 'Manage Clips' })).toHaveAttribute(
      'href',
      '/stock/clips',
    );
    await page.clock.runFor(3_900);
    await expect(toast.getByRole('heading', { name: 'Confirmed!' })).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast.getByTestId('stock-toast')).toHaveCount(0);
    await page.clock.resume();

    // The account menu leads to the cart.
    await page.getByTestId('account-name').click();
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page).toHaveURL('/stock/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-subtotal')).toHaveText('$79.00');
    await expect(page.getByTestId('cart-discount')).toHaveText('−$20.00');
    await expect(page.getByTestId('cart-total')).toHaveText('$59.00');
    // No checkout is configured in the e2e server: no Checkout button.
    await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByLabel('Quality').selectOption('HD');
    await page.getByRole('button', { name: /Change quality/ }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('$49.00');
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    await page.getByRole('button', { name: /Remove/ }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('dismisses the toast at once; two clips share one summary in one currency; pages and cards say "In cart"', async ({
    page,
  }) => {
    await signIn(page, 'viewer@vitrine.test');
    await emptyCart(page);
    await openClip(page, 'Ocean swell from above');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    // In place: the pressed button says "In cart" and keeps the focus, the toast is only announced,
    // and the top bar counts the line.
    const inCart = page.getByTestId('stock-in-cart');
    await expect(inCart.getByRole('button', { name: 'In cart · HD' })).toBeFocused();
    await expect(inCart.getByRole('link', { name: 'View cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('stock-toast')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByTestId('cart-link')).toHaveText('Cart (1)');

    await openClip(page, 'Hands at the spice market');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-link')).toHaveText('Cart (2)');
    await page.reload();
    await expect(page.getByTestId('stock-in-cart')).toContainText('In cart · HD');
    await expect(page.getByTestId('cart-link')).toHaveText('Cart (2)');

    await page.goto('/stock');
    const card = page.getByRole('listitem').filter({ hasText: 'Hands at the spice market' });
    await expect(card.getByTestId('clip-state')).toHaveText('In cart');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'City lights at dusk' })
        .getByTestId('clip-price'),
    ).toBeVisible();

    await page.getByTestId('cart-link').click();
    const summary = page.getByTestId('cart-summary');
    await expect(summary).toHaveCount(1);
    await expect(summary.getByRole('heading')).toHaveText('Summary');
    await expect(summary.getByTestId('cart-subtotal')).toHaveText('$84.00');
    await expect(summary.getByTestId('cart-total')).toHaveText('$84.00');
    await expectAccessible(page);
    await emptyCart(page);
  });

  test('keeps the keyboard on Add to cart while the cart refuses, and once the clip is in', async ({
    page,
  }) => {
    await signIn(page, 'member@vitrine.test');
    await emptyCart(page);
    await openClip(page, 'Ocean swell from above');
    await hydrated(page);
    const add = page.getByRole('button', { name: 'Add to cart' });
    await page.route('**/api/cart/stock', (route) => route.fulfill({ status: 500, body: '' }));
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText(
      'This clip could not be added to the cart.',
    );
    await expect(add).toBeFocused();
    await page.unroute('**/api/cart/stock');
    // Try again sends the keyboard back to the button it retries, which keeps it once the clip is in.
    await page.getByRole('button', { name: 'Try again.' }).press('Enter');
    await expect(page.getByRole('button', { name: 'In cart · HD' })).toBeFocused();
    await emptyCart(page);
  });

  test('gets no button for a free clip, and no download of a clip it does not own', async ({
    page,
  }) => {
    await signIn(page, 'member@vitrine.test');
    const clipId = await openClip(page, 'Morning fog in the valley');
    await expect(page.getByRole('button', { name: /Add to/ })).toHaveCount(0);
    await expect(
      page.getByText('Free clips can be added to paid accounts eligible for free stock.'),
    ).toBeVisible();
    const answer = await page.request.get(`/api/stock/${clipId}/download_url`);
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toEqual({
      error: { message: 'Add this clip to your account before downloading it.' },
    });
  });
});

test.describe('an account eligible for free stock', () => {
  test('adds a free clip to its account, finds it under Manage Clips and downloads it', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'owner@vitrine.test');
    const clipId = await openClip(page, 'Wind over a wheat field');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Add to account' }).click();
    const toast = page.getByTestId('stock-toast');
    await expect(page.getByRole('status')).toContainText(
      'Added to your account: Wind over a wheat field',
    );
    // Hovered, the card stays while time runs again (axe needs timers).
    await toast.hover();
    await page.clock.resume();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Manage Clips' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your clips' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Wind over a wheat field', exact: true }),
    ).toBeVisible();
    const download = page.getByRole('main').getByRole('link', { name: /Download/ });
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('video/mp4');
    await expectAccessible(page);

    const answer = await page.request.get(`/api/stock/${clipId}/download_url`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ downloadUrl: expect.stringMatching(/^\/media\/.+sig=/) });
  });

  test('a clip added in HD says "Owned in HD" with its download, a 1080p H.264 file, on its page and card; one added in 4K downloads as 2160p', async ({
    page,
  }) => {
    // Three downloads probed and two axe runs: on a machine busy with the rest of the suite, more than the default 30 s.
    test.slow();
    await signIn(page, 'owner@vitrine.test');
    await openClip(page, 'City lights at dusk');
    await hydrated(page);
    await page.getByRole('radio', { name: /^HD/ }).check();
    await page.getByRole('button', { name: 'Add to account' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Added to your account: City lights at dusk',
    );
    // In place, then after a reload: the buttons give way to the owned quality and its download.
    const owned = page.getByTestId('stock-owned');
    await expect(owned).toContainText('Owned in HD');
    await expect(
      owned.getByRole('link', { name: /^Download\s?: City lights at dusk$/ }),
    ).toBeFocused();
    await expect(page.getByRole('button', { name: /Add to/ })).toHaveCount(0);
    await page.reload();
    await expect(owned).toContainText('Owned in HD');
    await expect(page.getByRole('button', { name: /Add to/ })).toHaveCount(0);
    await expect(owned.getByRole('link', { name: 'Your clips' })).toHaveAttribute(
      'href',
      '/stock/clips',
    );
    await expectAccessible(page);
    expect(
      await probeDownload(
        page,
        (await owned.getByRole('link', { name: /Download/ }).getAttribute('href'))!,
      ),
    ).toEqual({ codec: 'h264', width: 1920, height: 1080 });

    await page.goto('/stock');
    const card = page.getByRole('listitem').filter({ hasText: 'City lights at dusk' });
    await expect(card.getByTestId('clip-state')).toHaveText('Owned');
    await expect(card.getByTestId('clip-price')).toHaveCount(0);
    expect(
      await probeDownload(
        page,
        (await card
          .getByRole('link', { name: /^Download\s?: City lights at dusk$/ })
          .getAttribute('href'))!,
      ),
    ).toEqual({ codec: 'h264', width: 1920, height: 1080 });
    await expectAccessible(page);

    const viewer = (await (await page.request.get('/api/viewer')).json()) as {
      jwt: string;
      userId: number;
    };
    const clipId = await openClip(page, 'Hands at the spice market');
    await page.request.post(
      `/api/users/${viewer.userId}/purchases/stocks/${clipId}?clip_uri=/videos/${clipId}`,
      { headers: { Authorization: `Bearer ${viewer.jwt}` }, data: { quality: '4K' } },
    );
    const { downloadUrl } = (await (
      await page.request.get(`/api/stock/${clipId}/download_url`)
    ).json()) as { downloadUrl: string };
    expect(await probeDownload(page, downloadUrl)).toEqual({
      codec: 'h264',
      width: 3840,
      height: 2160,
    });
  });

  test('Add to account twice at once over the API with the JWT makes one purchase', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const viewer = (await (await page.request.get('/api/viewer')).json()) as {
      jwt: string;
      userId: number;
    };
    const clipId = await openClip(page, 'Ocean swell from above');
    const add = () =>
      page.request.post(
        `/api/users/${viewer.userId}/purchases/stocks/${clipId}?clip_uri=/videos/${clipId}`,
        { headers: { Authorization: `Bearer ${viewer.jwt}` }, data: { quality: '4K' } },
      );
    const answers = await Promise.all([add(), add()]);
    expect(answers.map((a) => a.status())).toEqual([200, 200]);
    expect(await answers[0]!.json()).toMatchObject({
      clip_uri: `/videos/${clipId}`,
      title: 'Ocean swell from above',
      qualities: expect.any(Array),
      pictures: expect.any(Object),
    });
    await page.goto('/stock/clips');
    await expect(
      page.getByRole('link', { name: 'Ocean swell from above', exact: true }),
    ).toHaveCount(1);
  });
});

test.describe('an account without free stock', () => {
  test('is refused Add to account by the API, whatever a page shows', async ({ page }) => {
    await signIn(page, 'admin@vitrine.test');
    const viewer = (await (await page.request.get('/api/viewer')).json()) as {
      jwt: string;
      userId: number;
    };
    const clipId = await openClip(page, 'Morning fog in the valley');
    const refused = await page.request.post(
      `/api/users/${viewer.userId}/purchases/stocks/${clipId}?clip_uri=/videos/${clipId}`,
      { headers: { Authorization: `Bearer ${viewer.jwt}` }, data: {} },
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      error: { message: 'Something went wrong. Please try again.' },
    });
  });
});

test.describe('the stock API', () => {
  test('answers stock metadata with the fields asked for', async ({ request, page }) => {
    const clipId = await openClip(page, 'Night tram through the old town');
    const answer = await request.get(
      `/api/stocks/clips?clip_ids=${clipId}&fields=title,description,clip_uri,pictures,qualities,page_uri`,
    );
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { data: Record<string, unknown>[] };
    expect(Object.keys(body.data[0]!).sort()).toEqual([
      'clip_uri',
      'description',
      'page_uri',
      'pictures',
      'qualities',
      'title',
    ]);
    expect(body.data[0]).toMatchObject({
      title: 'Night tram through the old town',
      clip_uri: `/videos/${clipId}`,
      page_uri: `/${clipId}`,
    });
    expect((body.data[0]!['qualities'] as unknown[])[0]).toMatchObject({
      quality: 'HD',
      price: 4200,
      discounted_price: 3200,
      currency_code: 'USD',
      display_price: '$42.00',
      discounted_display_price: '$32.00',
    });
  });

  test('keeps one cart line when the same clip is posted twice at once, and refuses a logged-out caller', async ({
    page,
    request,
  }) => {
    const anonymous = await request.post('/api/cart/stock', {
      data: { stocks_to_add: [{ clip_id: 1 }] },
      headers: { Authorization: 'Bearer not-a-token' },
    });
    expect(anonymous.status()).toBe(401);

    await signIn(page, 'member@vitrine.test');
    await emptyCart(page);
    const clipId = await openClip(page, 'Night tram through the old town');
    const token = await page.locator('input[name="token"]').first().inputValue();
    const post = () =>
      page.request.post('/api/cart/stock', {
        data: { stocks_to_add: [{ clip_id: clipId }], token },
      });
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status(), second.status()]).toEqual([200, 200]);
    const cart = (await second.json()) as {
      items: unknown[];
      currencyCode: string;
      pricingInfo: Record<string, unknown>;
    };
    expect(cart.items).toEqual([
      expect.objectContaining({
        clipId,
        quality: 'HD',
        productId: 'stock-tram-night-hd',
        originalDisplayPrice: '$42.00',
        discountedDisplayPrice: '$32.00',
      }),
    ]);
    expect(cart.currencyCode).toBe('USD');
    expect(cart.pricingInfo).toMatchObject({
      subtotalDisplay: '$42.00',
      totalDisplay: '$32.00',
      totalDiscountDisplay: '$10.00',
    });
    await emptyCart(page);
  });
});

test.describe('stock clips in a showcase', () => {
  const showcase = `/showcase/${showcaseId('stock')}`;

  test('show a log-in link on each card to a logged-out viewer, and no script for it', async ({
    page,
  }) => {
    await page.goto(showcase);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('link', { name: 'Log in to add this clip' })).toHaveCount(3);
    // The page's islands are its search and Share button; the stock buttons bring none.
    await expect(page.locator('astro-island[component-url*="/Stock"]')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('add a paid clip to the cart from its card, with one toast for the page', async ({
    page,
  }) => {
    await signIn(page, 'contributor@vitrine.test');
    await emptyCart(page);
    await page.goto(showcase);
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ hasText: 'City lights at dusk' });
    await expect(
      page
        .getByRole('main')
        .getByRole('article')
        .filter({ hasText: 'Morning fog in the valley' })
        .getByRole('button'),
    ).toHaveCount(0);
    await card.getByRole('button', { name: 'Add to cart' }).scrollIntoViewIfNeeded();
    await hydrated(page);
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('stock-toast')).toHaveCount(1);
    await expect(page.getByRole('status')).toContainText('Added to your cart: City lights at dusk');
    await expect(page).toHaveURL(showcase);
    await expectAccessible(page);
    await page.goto('/stock/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('City lights at dusk');
    await emptyCart(page);
  });
});
