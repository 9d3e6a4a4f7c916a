/**
 * Editing a video in the studio as its viewers then see it: a demo video retitled, hidden and
 * shown again on its public page, given a WebVTT track the player frame offers and a picture
 * from one of its frames, all with JavaScript off; a contributor edits what they uploaded and
 * nothing else, and the owner deletes it with its files; bad input is refused with its reason
 * and leaves the video as it was; axe finds nothing in either theme.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { uploadThroughStudio } from './clips.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const showreel = showcaseId('grid');
const mediaFolder = (videoId: number) =>
  path.join(process.env['DATA_DIR'] ?? '.data/e2e', 'media', 'videos', String(videoId));

/** The id of the account's video titled `title`, found through the library's search. */
async function libraryVideoId(page: Page, title: string): Promise<number> {
  await page.goto(`/manage/videos?q=${encodeURIComponent(title)}`);
  const href = await page.getByRole('link', { name: title, exact: true }).getAttribute('href');
  return Number(/\/manage\/videos\/(\d+)/.exec(href ?? '')![1]);
}

/** A form post from the page's own origin, as a hand-made request would send it. */
async function post(
  page: Page,
  target: string,
  fields: Record<string, string>,
  withToken = true,
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ target, fields, withToken }) => {
      const body = new URLSearchParams(fields);
      if (withToken)
        body.set('token', document.querySelector<HTMLInputElement>('input[name="token"]')!.value);
      const response = await fetch(target, { method: 'POST', body });
      return { status: response.status, text: await response.text() };
    },
    { target, fields, withToken },
  );
}

async function anonymous(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('editing a video', () => {
  test('an owner retitles, hides and shows a demo video, adds a WebVTT track and picks a frame, with JavaScript off', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, 'owner@vitrine.test');
    const videoId = await libraryVideoId(page, 'Bakery rush');
    const publicPage = `/showcase/${showreel}/video/${videoId}`;
    const visitor = await anonymous(browser);
    await visitor.goto(publicPage);
    await expect(visitor.getByRole('heading', { name: 'Bakery rush', exact: true })).toBeVisible();

    await page.goto(`/manage/videos/${videoId}`);
    await page.getByLabel('Title', { exact: true }).fill('Bakery rush before sunrise');
    await page.getByLabel('Who can watch').selectOption({ label: 'Only me' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bakery rush before sunrise');

    // Only the owner may watch it now: a visitor is sent back to the showcase, which lists it no more.
    await visitor.goto(publicPage);
    await expect(visitor).toHaveURL(new RegExp(`/showcase/${showreel}$`));
    await expect(visitor.getByRole('link', { name: /Bakery rush/ })).toHaveCount(0);

    await page.goto(`/manage/videos/${videoId}/privacy`);
    await expect(page.getByTestId('privacy-view')).toHaveText('Only me');
    await page.getByRole('radio', { name: 'Anyone' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('privacy-view')).toHaveText('Anyone');
    await visitor.goto(publicPage);
    await expect(
      visitor.getByRole('heading', { name: 'Bakery rush before sunrise', exact: true }),
    ).toBeVisible();

    await page.goto(`/manage/videos/${videoId}`);
    await page.getByLabel('Caption file').setInputFiles({
      name: 'francais.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nLa boulangerie s’éveille\n'),
    });
    await page.getByLabel('Label').fill('Français');
    await page.getByLabel('Language code').fill('fr');
    await page.getByRole('button', { name: 'Add track' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Caption track added.');
    await expect(page.getByTestId('video-tracks')).toContainText('Français (fr)');

    await visitor.goto(`${publicPage}/embed`);
    const track = visitor.locator('track[label="Français"]');
    await expect(track).toHaveAttribute('srclang', 'fr');
    const captions = await visitor.request.get((await track.getAttribute('src'))!);
    expect(captions.status()).toBe(200);
    expect(await captions.text()).toContain('La boulangerie s’éveille');

    const before = await page.getByTestId('video-picture').getAttribute('src');
    await page.getByLabel('Frame at second').fill('2');
    await page.getByRole('button', { name: 'Use this frame' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Picture updated.');
    const after = (await page.getByTestId('video-picture').getAttribute('src'))!;
    expect(after).not.toBe(before);
    const picture = await visitor.request.get(after);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    expect(await visitor.request.get(before!).then((r) => r.status())).toBe(404);

    // Back as the demo has it, but for the new picture.
    await page.getByRole('button', { name: 'Remove the Français track' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Caption track removed.');
    await expect(page.getByText('Français (fr)')).toHaveCount(0);
    await page.getByLabel('Title', { exact: true }).fill('Bakery rush');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bakery rush');
    await visitor.goto(`${publicPage}/embed`);
    await expect(visitor.locator('track[label="Français"]')).toHaveCount(0);
    await visitor.context().close();
    await context.close();
  });

  test('a contributor edits only what they uploaded; the owner deletes it with its files', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'owner@vitrine.test');
    const demoId = await libraryVideoId(page, 'Alpine rail');

    const contributor = await anonymous(browser);
    await signIn(contributor, 'contributor@vitrine.test', undefined, '/manage/videos');
    // In their own account the team's videos are not theirs to find.
    expect((await contributor.goto(`/manage/videos/${demoId}`))?.status()).toBe(404);
    await contributor.goto('/manage/videos');
    await contributor.getByLabel('Account').selectOption({ label: 'Olivia Okafor — Contributor' });
    await contributor.getByRole('button', { name: 'Switch account' }).click();
    const ownId = await uploadThroughStudio(contributor, 'Cork workshop');

    await contributor.goto('/manage/videos?q=Cork workshop');
    await expect(contributor.getByRole('checkbox', { name: 'Choose Cork workshop' })).toBeVisible();
    await contributor.goto('/manage/videos?q=Alpine rail');
    await expect(contributor.getByRole('link', { name: 'Alpine rail', exact: true })).toBeVisible();
    await expect(contributor.getByRole('checkbox')).toHaveCount(0);

    await contributor.goto(`/manage/videos/${ownId}`);
    await contributor.getByLabel('Title', { exact: true }).fill('Cork workshop, take two');
    await contributor.getByRole('button', { name: 'Save settings' }).click();
    await expect(contributor.getByTestId('studio-notice')).toHaveText('Settings saved.');

    await contributor.goto(`/manage/videos/${demoId}?delete`);
    await expect(contributor.getByRole('heading', { level: 1 })).toHaveText('Alpine rail');
    await expect(contributor.getByTestId('video-settings')).toHaveCount(0);
    await expect(contributor.getByTestId('confirm-delete')).toHaveCount(0);
    for (const [target, fields] of [
      [
        `/manage/videos/${demoId}`,
        { action: 'settings', name: 'Taken over', privacyView: 'nobody', contentRating: 'safe' },
      ],
      [`/manage/videos/${demoId}`, { action: 'delete' }],
      [`/manage/videos/${demoId}/privacy`, { privacyView: 'nobody' }],
    ] as const) {
      const refused = await post(contributor, target, fields);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Permission Denied');
    }
    const bulk = await post(contributor, '/manage/videos?action=BULK', {
      bulk: 'privacy',
      privacy: 'nobody',
      video: String(demoId),
    });
    expect(bulk.status).toBe(400);
    expect(bulk.text).toContain('Choose at least one video you may edit.');
    await contributor.goto(`/manage/videos/${demoId}/privacy`);
    await expect(contributor.getByTestId('privacy-view')).toHaveText('Anyone');
    await expect(contributor.getByRole('radio')).toHaveCount(0);

    await page.goto(`/manage/videos/${ownId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cork workshop, take two');
    expect(existsSync(mediaFolder(ownId))).toBe(true);
    await page.getByRole('link', { name: 'Delete video' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Video deleted, with its files.');
    expect(existsSync(mediaFolder(ownId))).toBe(false);
    await page.goto('/manage/videos?q=Cork workshop');
    await expect(page.getByText('No videos match these filters.')).toBeVisible();
    expect((await contributor.goto(`/manage/videos/${ownId}`))?.status()).toBe(404);
    await contributor.context().close();
  });

  test('bad input is refused with its reason and leaves the video as it was', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    const videoId = await libraryVideoId(page, 'Canal boats');
    const here = `/manage/videos/${videoId}`;
    await page.goto(here);
    const picture = await page.getByTestId('video-picture').getAttribute('src');
    const tracks = await page.getByTestId('video-tracks').textContent();
    const refusal = (status: number) =>
      page.waitForResponse((r) => r.request().method() === 'POST' && r.status() === status);

    let refused = refusal(400);
    await page.getByLabel('Title', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await refused;
    await expect(page.getByTestId('studio-problem')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription(
      'Give the video a title.',
    );

    const settings = {
      action: 'settings',
      name: 'Canal boats',
      description: '',
      privacyView: 'anybody',
      contentRating: 'safe',
    };
    for (const [fields, reason] of [
      [{ name: 'x'.repeat(129) }, 'Use at most 128 characters.'],
      [{ privacyView: 'everyone' }, 'Choose one of the options offered.'],
      [{ privacyView: 'stock' }, 'Choose one of the options offered.'],
      [{ contentRating: 'mature' }, 'Choose one of the options offered.'],
    ] as const) {
      const answer = await post(page, here, { ...settings, ...fields });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(reason);
    }

    for (const file of [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
      { name: 'disguised.png', mimeType: 'image/png', buffer: Buffer.from('not a picture either') },
    ]) {
      await page.goto(here);
      refused = refusal(400);
      await page.getByLabel('Or upload an image').setInputFiles(file);
      await page.getByRole('button', { name: 'Use this image' }).click();
      await refused;
      await expect(page.getByLabel('Or upload an image')).toHaveAccessibleDescription(
        /That file is not a JPEG, PNG or WebP image\./,
      );
    }

    await page.goto(here);
    refused = refusal(400);
    await page.getByLabel('Caption file').setInputFiles({
      name: 'captions.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    await page.getByLabel('Label').fill('English');
    await page.getByLabel('Language code').fill('english');
    await page.getByRole('button', { name: 'Add track' }).click();
    await refused;
    await expect(page.getByLabel('Caption file')).toHaveAccessibleDescription(
      /That file is neither WebVTT nor SubRip\./,
    );
    await expect(page.getByLabel('Language code')).toHaveAccessibleDescription(
      'Use a language code such as en, fr or pt-BR.',
    );

    // Past the server's body limit: refused before any of it is read.
    refused = refusal(413);
    const cue = '00:00.000 --> 00:02.000\nA caption long enough to fill the file quickly\n\n';
    await page.getByLabel('Caption file').setInputFiles({
      name: 'huge.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(`WEBVTT\n\n${cue.repeat(30_000)}`),
    });
    await page.getByLabel('Label').fill('English');
    await page.getByLabel('Language code').fill('en');
    await page.getByRole('button', { name: 'Add track' }).click();
    await refused;
    await expect(
      page.getByText('What you sent is larger than we accept.', { exact: false }),
    ).toBeVisible();

    await page.goto(here);
    const forged = await post(page, here, { ...settings, name: 'Forged' }, false);
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('Permission Denied');
    expect((await post(page, here, { action: 'explode' })).status).toBe(400);
    expect((await post(page, here, { action: 'removeTrack', trackId: '999999' })).status).toBe(400);

    for (const unknown of [
      '/manage/videos/999999',
      '/manage/videos/0',
      '/manage/videos/reel',
      '/manage/videos/999999/privacy',
    ]) {
      const response = await page.goto(unknown);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Sorry, we couldn't find that page")).toBeVisible();
    }
    await page.goto(here);
    expect((await post(page, '/manage/videos/999999', { ...settings })).status).toBe(404);

    await page.goto(here);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Canal boats');
    await expect(page.getByLabel('Who can watch')).toHaveValue('anybody');
    await expect(page.getByTestId('video-picture')).toHaveAttribute('src', picture!);
    await expect(page.getByTestId('video-tracks')).toHaveText(tracks!);
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['ko-KR', 'fr-FR']) {
      test(
        `the library's rows carry their visible text in their names in ${locale} in the ${theme} theme`,
        { tag: '@accessibility' },
        async ({ browser }) => {
          const context = await browser.newContext();
          await context.addCookies([
            { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
          ]);
          const page = await context.newPage();
          await signIn(page, 'owner@vitrine.test');
          await page.goto(`/${locale}/manage/videos?status=ready&page=2`);
          await expect(page.getByTestId('library-row').first()).toBeVisible();
          await expectAccessible(page);
          await context.close();
        },
      );
    }

    test(
      `the library and the video pages pass axe in the ${theme} theme`,
      { tag: '@accessibility' },
      async ({ browser }) => {
        const context = await browser.newContext();
        await context.addCookies([
          { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
        ]);
        const page = await context.newPage();
        await signIn(page, 'owner@vitrine.test');
        const videoId = await libraryVideoId(page, 'Tea harvest');
        await expectAccessible(page);
        await page.goto('/manage/videos?status=ready&page=2');
        await expectAccessible(page);
        await page.goto(`/manage/videos/${videoId}`);
        await page.getByLabel('Title', { exact: true }).fill('');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await expect(page.getByTestId('studio-problem')).toBeVisible();
        await expectAccessible(page);
        await page.goto(`/manage/videos/${videoId}?delete`);
        await expect(page.getByTestId('confirm-delete')).toBeVisible();
        await expectAccessible(page);
        await page.goto(`/manage/videos/${videoId}/privacy`);
        await expectAccessible(page);
        await page.goto('/manage/videos?q=Tea harvest');
        await page.getByRole('checkbox', { name: 'Choose Tea harvest' }).check();
        await page.getByLabel('Action').selectOption({ label: 'Delete' });
        await page.getByRole('button', { name: 'Apply' }).click();
        await expect(page.getByTestId('confirm-delete')).toContainText('Tea harvest');
        await expectAccessible(page);
        await context.close();
      },
    );
  }
});
