/**
 * The owner's studio in the browser: a showcase created, a real clip uploaded with its
 * progress followed, arranged by keyboard and by drag and drop, made password-private (an
 * anonymous visitor then meets the password screen); an upload resumed after a reload; two
 * tabs editing one showcase; each role's share; refusals; axe in both themes and German.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Route } from '@playwright/test';
import { clip, picture } from './clips.ts';
import { expect, expectAccessible, hydrated, test } from './fixtures.ts';
import { signIn } from './session.ts';

async function createShowcase(page: Page, name: string): Promise<number> {
  await page.goto('/manage/showcases');
  await page.getByLabel('New showcase name').fill(name);
  await page.getByRole('button', { name: 'Create showcase' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText(
    'Showcase created. Add videos and choose its settings.',
  );
  return Number(/\/manage\/showcases\/(\d+)/.exec(page.url())![1]);
}

async function addFromLibrary(page: Page, query: string, names: string[]): Promise<void> {
  await page.getByLabel('Search your library').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  for (const name of names) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Add chosen videos' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText('Videos added.');
}

const order = (page: Page) =>
  page.getByTestId('showcase-video').locator('[data-video-name]').allTextContents();

async function anonymous(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('the studio', () => {
  test('an owner creates a showcase, uploads a clip into it, arranges it and makes it password-private', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'owner@vitrine.test');
    const albumId = await createShowcase(page, 'Field notes');

    await page.goto('/upload');
    await hydrated(page);
    await page.getByLabel('Add to a showcase').selectOption({ label: 'Field notes' });
    await page.getByLabel('Choose videos').setInputFiles((await clip('Harbour at dawn.mp4')).path);
    const item = page.getByTestId('upload-item').filter({ hasText: 'Harbour at dawn.mp4' });
    await expect(
      item.getByRole('progressbar', { name: 'Progress of Harbour at dawn.mp4' }),
    ).toBeVisible();
    await expect(item.getByTestId('upload-state')).toHaveText(/Processing/, { timeout: 30_000 });
    await expect(item.getByTestId('upload-state')).toHaveText('Ready', { timeout: 120_000 });
    await expect(item.getByRole('link', { name: 'Edit video' })).toBeVisible();
    await item.getByRole('link', { name: 'Details' }).click();
    await expect(page.getByTestId('upload-state')).toHaveText('Ready');

    await page.goto(`/manage/showcases/${albumId}`);
    expect(await order(page)).toEqual(['Harbour at dawn']);
    // Adding with nothing ticked says so on the editor, and the search stays.
    await page.getByLabel('Search your library').fill('Kite');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Add chosen videos' }).click();
    await expect(page.getByTestId('studio-problem')).toHaveText(
      'Choose at least one video to add.',
    );
    await expect(page.getByRole('checkbox', { name: 'Kite festival' })).toBeVisible();
    expect(await order(page)).toEqual(['Harbour at dawn']);
    await addFromLibrary(page, 'Kite', ['Kite festival']);
    await addFromLibrary(page, 'Neon', ['Neon signs']);
    expect(await order(page)).toEqual(['Harbour at dawn', 'Kite festival', 'Neon signs']);

    // Keyboard: focus the button and press Enter, as a keyboard user does.
    await page.getByRole('button', { name: 'Move Neon signs to the top' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('studio-notice')).toHaveText('Order saved.');
    expect(await order(page)).toEqual(['Neon signs', 'Harbour at dawn', 'Kite festival']);
    await page.getByRole('button', { name: 'Move Harbour at dawn down' }).click();
    expect(await order(page)).toEqual(['Neon signs', 'Kite festival', 'Harbour at dawn']);

    // Drag and drop: the first row dropped onto the last, saved as one new order.
    const saved = page.waitForResponse((response) =>
      response.url().endsWith(`/manage/showcases/${albumId}/order`),
    );
    await page
      .getByTestId('showcase-video')
      .first()
      .dragTo(page.getByTestId('showcase-video').last(), { targetPosition: { x: 10, y: 40 } });
    expect((await saved).status()).toBe(204);
    await page.reload();
    expect(await order(page)).toEqual(['Kite festival', 'Harbour at dawn', 'Neon signs']);

    await page.getByRole('radio', { name: 'People with the password' }).check();
    await page.getByLabel('Password', { exact: true }).fill('lighthouse');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');

    const visitor = await anonymous(browser);
    await visitor.goto(`/showcase/${albumId}`);
    await expect(visitor.getByRole('heading', { name: 'This showcase is private' })).toBeVisible();
    await visitor.getByPlaceholder('Enter password').fill('lighthouse');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByRole('heading', { name: 'Field notes' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: /Harbour at dawn/ }).first()).toBeVisible();
    await visitor.context().close();
  });

  test('an upload cut off by a reload resumes where it stopped when the file is chosen again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const big = await clip('Storm front.mp4', { seconds: 1, noisy: true });
    expect(big.size).toBeGreaterThan(9 * 1024 * 1024);
    await signIn(page, 'owner@vitrine.test', undefined, '/upload');
    await hydrated(page);
    // The first piece goes through; every later one meets a dropped connection (the client
    // retries them) until the page is reloaded, so the server holds exactly the first piece.
    // The route stays in place after the reload (taking a route away while the reloaded page's
    // requests pass through it can leave one of them hanging); it just stops dropping.
    let patches = 0;
    let dropping = true;
    await page.route('**/api/uploads/*', async (route: Route) => {
      if (dropping && route.request().method() === 'PATCH' && ++patches > 1)
        return route.abort('connectionreset');
      return route.continue();
    });
    // The file from disk, as a person picks it: the same file again is known by its name, size and date.
    const firstPiece = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 204,
    );
    await page.getByLabel('Choose videos').setInputFiles(big.path);
    await firstPiece;
    await expect.poll(() => patches).toBeGreaterThan(1);
    await page.reload();
    dropping = false;
    await hydrated(page);
    await expect(page.getByTestId('upload-unfinished')).toContainText(
      'Unfinished: Storm front.mp4',
    );

    const created: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/uploads'))
        created.push(request.url());
    });
    const resumedAt = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().includes('/api/uploads/'),
    );
    await page.getByLabel('Choose videos').setInputFiles(big.path);
    // It goes on from what the server holds, the first piece, not from the start.
    expect(Number((await resumedAt).headers()['upload-offset'])).toBe(8 * 1024 * 1024);
    expect(created).toEqual([]);
    await expect(page.getByTestId('upload-item').getByTestId('upload-state')).toHaveText(
      /Processing|Ready/,
      { timeout: 60_000 },
    );
  });

  test('a file that is not a video is refused before it is sent, and after it is sent when it only looks like one', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/upload');
    await hydrated(page);
    await page.getByLabel('Choose videos').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a video'),
    });
    await expect(page.getByTestId('upload-item').getByRole('alert')).toHaveText(
      'This file is not a video.',
    );
    await page.getByLabel('Choose videos').setInputFiles({
      name: 'renamed.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('a text file wearing a video name'),
    });
    await expect(
      page.getByTestId('upload-item').filter({ hasText: 'renamed.mp4' }).getByRole('alert'),
    ).toHaveText('This file is not a video.');
  });

  test('a custom logo is uploaded, shown on the showcase at the sizes pages use, and removed; a file that is no image is refused', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const albumId = await createShowcase(page, 'Logo test');
    await page.getByLabel('Logo image').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByLabel('Logo image')).toHaveAccessibleDescription(
      /That file is not a PNG, JPEG or WebP image\./,
    );
    // Larger than a request may be: refused before it is read, and the showcase keeps no logo.
    const oversized = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByLabel('Logo image').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024, 1),
    });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    expect((await oversized).status()).toBe(413);
    await page.goto(`/manage/showcases/${albumId}`);
    await expect(page.getByTestId('studio-logo')).toHaveCount(0);
    await page.getByLabel('Logo image').setInputFiles(await picture('brand.png', 320, 80));
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Logo updated.');
    const logo = page.getByTestId('studio-logo');
    await expect(logo).toHaveAttribute('height', '96');
    await expect(logo).toHaveAttribute('width', '384');

    const visitor = await anonymous(browser);
    await visitor.goto(`/showcase/${albumId}`);
    const src = await visitor
      .locator(`img[src^="/showcase/${albumId}/logo/"]`)
      .first()
      .getAttribute('src');
    expect(src).toMatch(/-96\.png$/);
    const file = await visitor.request.get(src!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    await visitor.context().close();

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Logo removed.');
    expect((await page.request.get(src!)).status()).toBe(404);
  });

  test('the featured layout features the video the owner chose, and keeps it out of the grid', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const albumId = await createShowcase(page, 'Chosen one');
    await addFromLibrary(page, 'Kite', ['Kite festival']);
    await addFromLibrary(page, 'Neon', ['Neon signs']);
    await page.getByLabel('Layout').selectOption({ label: 'Featured' });
    await page.getByLabel('Featured video').selectOption({ label: 'Neon signs' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
    await page.goto(`/showcase/${albumId}`);
    await expect(page.getByTestId('featured-video')).toContainText('Neon signs');
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Kite festival/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('featured-video')).not.toContainText('Kite festival');
  });

  test('two tabs editing one showcase: the second save is refused and says why, saving nothing', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await signIn(first, 'owner@vitrine.test');
    const albumId = await createShowcase(first, 'Two tabs');
    const second = await context.newPage();
    await second.goto(`/manage/showcases/${albumId}`);

    await first.getByLabel('Name', { exact: true }).fill('Two tabs, first');
    await first.getByRole('button', { name: 'Save settings' }).click();
    await expect(first.getByTestId('studio-notice')).toHaveText('Settings saved.');

    await second.getByLabel('Name', { exact: true }).fill('Two tabs, second');
    await second.getByRole('checkbox', { name: 'Allow downloads' }).check();
    const response = second.waitForResponse((r) => r.request().method() === 'POST');
    await second.getByRole('button', { name: 'Save settings' }).click();
    expect((await response).status()).toBe(409);
    await expect(second.getByTestId('studio-problem')).toContainText(
      'This showcase was changed somewhere else',
    );
    await second.reload();
    await expect(second.getByLabel('Name', { exact: true })).toHaveValue('Two tabs, first');
    await expect(second.getByRole('checkbox', { name: 'Allow downloads' })).not.toBeChecked();
    await context.close();
  });

  test('bad settings are named beside their fields and nothing is saved', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    const albumId = await createShowcase(page, 'Careful');
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('radio', { name: 'People with the password' }).check();
    await page.getByLabel('Own domain').fill('not a domain');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-problem')).toHaveText(
      'Nothing was saved. Please fix the fields marked below.',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      'Give the showcase a name.',
    );
    await expect(page.getByLabel('Own domain')).toHaveAccessibleDescription(/Not a domain/);
    await expect(
      page.getByText('Set a password, or choose who can watch differently.'),
    ).toBeVisible();
    await page.goto(`/manage/showcases/${albumId}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Careful');

    // A reorder naming a video that is not in the showcase changes nothing.
    const refused = await page.evaluate(async (id) => {
      const token = document.querySelector<HTMLInputElement>('input[name="token"]')!.value;
      const response = await fetch(`/manage/showcases/${id}/order`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-Token': token },
        body: JSON.stringify({ video_ids: [999999] }),
      });
      return { status: response.status, body: await response.json() };
    }, albumId);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The order must name each video of the showcase once.' },
    });
    // A post without the session's token is refused.
    const forged = await page.request.post(`/manage/showcases/${albumId}`, {
      form: { action: 'settings', name: 'Forged' },
    });
    expect(forged.status()).toBe(403);
  });

  test('each role sees and may do exactly its share', async ({ browser }) => {
    // Four accounts sign in and switch to the team, some twenty pages: three times the default time.
    test.slow();
    const as = async (email: string, path: string) => {
      const page = await (await browser.newContext()).newPage();
      await signIn(page, email, undefined, path);
      return page;
    };
    // The demo team's showcases live in the owner's account: members switch to it first.
    const switchToTeam = async (page: Page) => {
      await page.goto('/manage/videos');
      await page.getByRole('combobox', { name: 'Account' }).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Switch account' }).click();
    };

    const admin = await as('admin@vitrine.test', '/manage/videos');
    await switchToTeam(admin);
    await admin.goto('/manage/showcases');
    await expect(admin.getByRole('button', { name: 'Create showcase' })).toBeVisible();
    await expect(admin.getByTestId('studio-account')).toHaveText(
      "Working in Olivia Okafor's account as Admin",
    );

    const contributor = await as('contributor@vitrine.test', '/manage/videos');
    await switchToTeam(contributor);
    await contributor.goto('/manage/showcases');
    await expect(contributor.getByTestId('studio-showcase').first()).toBeVisible();
    await expect(contributor.getByRole('button', { name: 'Create showcase' })).toHaveCount(0);
    await contributor.getByTestId('studio-showcase').first().getByRole('link').first().click();
    await expect(contributor.getByTestId('showcase-settings')).toHaveCount(0);
    await expect(contributor.getByRole('button', { name: /to the top/ })).toHaveCount(0);
    await expect(contributor.getByRole('heading', { name: 'Add videos' })).toBeVisible();
    const refused = await contributor.evaluate(async () => {
      const token = document.querySelector<HTMLInputElement>('input[name="token"]')!.value;
      const body = new URLSearchParams({
        token,
        action: 'settings',
        name: 'Taken over',
        layout: 'grid',
        theme: 'standard',
        sort: 'arranged',
        privacy: 'anybody',
        brandColor: '#00adef',
      });
      const response = await fetch(location.pathname, { method: 'POST', body });
      return { status: response.status, text: await response.text() };
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Permission Denied');

    const uploader = await as('uploader@vitrine.test', '/manage/videos');
    await switchToTeam(uploader);
    await uploader.goto('/upload');
    await expect(uploader.getByRole('heading', { name: 'Upload videos' })).toBeVisible();
    await expect(uploader.getByLabel('Add to a showcase')).toHaveCount(0);
    await expect(uploader.getByRole('navigation', { name: 'Studio' }).getByRole('link')).toHaveText(
      ['Home', 'Upload'],
    );
    const listing = await uploader.goto('/manage/showcases');
    expect(listing?.status()).toBe(403);
    await expect(uploader.getByText('Permission Denied').first()).toBeVisible();

    // A contributor sees the team's events but neither creates them nor sees their keys.
    await contributor.goto('/manage/events');
    await expect(contributor.getByRole('link', { name: 'New live event' })).toHaveCount(0);
    await contributor.getByTestId('studio-event').first().getByRole('link').click();
    await expect(contributor.getByLabel('Stream key')).toHaveCount(0);
    await expect(contributor.getByTestId('event-form')).toHaveCount(0);

    const viewer = await as('viewer@vitrine.test', '/manage/videos');
    await switchToTeam(viewer);
    await viewer.goto('/manage/showcases');
    await expect(viewer.getByTestId('studio-showcase').first()).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Create showcase' })).toHaveCount(0);
    const upload = await viewer.goto('/upload');
    expect(upload?.status()).toBe(403);
    for (const page of [admin, contributor, uploader, viewer]) await page.context().close();
  });

  test('an owner schedules a weekly live event in a time zone, copies its stream key and makes a new one', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/events');
    await page.getByRole('link', { name: 'New live event' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Thursday makers hour');
    await page.getByLabel('Showcase').selectOption({ label: 'Launch Day Live' });
    await page.getByLabel('Starts').fill('2030-01-03T18:00');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByRole('radio', { name: 'Every week' }).check();
    await page.getByRole('checkbox', { name: 'Thu' }).check();
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByTestId('studio-notice')).toContainText('Live event created.');
    await expect(page.getByTestId('event-next-start')).toHaveText(
      'Next start: Thursday, January 3, 2030 at 6:00 PM Central European Standard Time',
    );
    await expect(page.getByTestId('studio-event-status')).toHaveText('Scheduled');

    // The Go live panel's: the simulcast section below has fields of the same names.
    const goLive = page.getByRole('region', { name: 'Go live' });
    const key = goLive.getByLabel('Stream key');
    const first = await key.inputValue();
    expect(first).toMatch(/^[\w-]{32}$/);
    await expect(goLive.getByLabel('Server URL')).toHaveValue(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy stream key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await page.getByRole('button', { name: 'New stream key' }).click();
    await expect(
      page.getByText('A new stream key is in place. The old one no longer works.'),
    ).toBeVisible();
    expect(await goLive.getByLabel('Stream key').inputValue()).not.toBe(first);

    const eventPage = page.url();
    await page.goto('/manage/events');
    await expect(
      page.getByTestId('studio-event').filter({ hasText: 'Thursday makers hour' }),
    ).toContainText('Every week');
    // A one-off event in the past is refused, and nothing is created.
    await page.goto('/manage/events?new');
    await page.getByLabel('Name', { exact: true }).fill('Too late');
    await page.getByLabel('Starts').fill('2020-01-01T10:00');
    const response = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create event' }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByLabel('Starts')).toHaveAccessibleDescription(
      'A one-off event must start in the future.',
    );
    await page.goto('/manage/events');
    await expect(page.getByTestId('studio-event').filter({ hasText: 'Too late' })).toHaveCount(0);
    await page.goto(eventPage);
    await expectAccessible(page);
  });

  test('at 390 px the weekday checkboxes of an event are targets of at least 24 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/events?new');
    const days = page.getByRole('group', { name: 'Every week on' }).getByRole('checkbox');
    await expect(days).toHaveCount(7);
    for (const day of await days.all()) {
      // The label around the box is its target.
      const target = (await day.locator('xpath=..').boundingBox())!;
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(24);
    }
    const axe = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    expect(axe.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  });

  test("signed in, the home page shows the account's own showcases, every privacy marked, above the public ones", async ({
    page,
    browser,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    await page.goto('/');
    const own = page.getByTestId('home-own-showcases');
    await expect(own.getByRole('heading', { name: 'Your showcases' })).toBeVisible();
    const card = (name: string) =>
      own.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(card('Owner’s Drafts').getByTestId('home-privacy')).toHaveText('Only me');
    await expect(card('Client Preview').getByTestId('home-privacy')).toHaveText(
      'People with the password',
    );
    await expect(card('Unlisted Director’s Cut').getByTestId('home-privacy')).toHaveText(
      'People with the link',
    );
    await expect(page.getByRole('heading', { name: 'Public showcases' })).toHaveCount(0);

    const visitor = await anonymous(browser);
    await visitor.goto('/');
    await expect(visitor.getByTestId('home-own-showcases')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Owner’s Drafts' })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Making Of' })).toBeVisible();
    await visitor.context().close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(
      `studio pages pass axe in the ${theme} theme and in German`,
      { tag: '@accessibility' },
      async ({ browser }) => {
        // Six pages through axe: on a machine busy with the rest of the suite, more than the default 30 s.
        test.slow();
        const context = await browser.newContext();
        await context.addCookies([
          { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
        ]);
        const page = await context.newPage();
        await signIn(page, 'owner@vitrine.test');
        for (const path of [
          '/de-DE/manage/showcases',
          '/de-DE/upload',
          '/de-DE/upload/videos',
          '/de-DE/manage/events',
          '/de-DE/manage/events?new',
        ]) {
          await page.goto(path);
          await expectAccessible(page);
        }
        await page.goto('/de-DE/manage/showcases');
        await page.getByTestId('studio-showcase').first().getByRole('link').first().click();
        await expect(page.getByTestId('showcase-settings')).toBeVisible();
        await expectAccessible(page);
        await context.close();
      },
    );
  }
});
