/**
 * The video library of the studio: a clip uploaded through the browser is found by search,
 * edited (title, privacy, rating), given a picture from one of its frames and a caption
 * track the player frame then offers, added to a showcase in bulk and deleted with its
 * files; bad files are refused with their reasons; a contributor edits only their own.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { clip, uploadThroughStudio } from './clips.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const drafts = showcaseId('private');
const mediaFolder = (videoId: number) =>
  path.join(process.env['DATA_DIR'] ?? '.data/e2e', 'media', 'videos', String(videoId));

test.describe('the video library', () => {
  test('an owner edits an uploaded video, its picture and captions, shows it in a showcase, then deletes it with its files', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'owner@vitrine.test');
    const videoId = await uploadThroughStudio(page, 'Lantern festival');
    expect(existsSync(mediaFolder(videoId))).toBe(true);

    await page.goto('/manage/videos');
    await page.getByLabel('Search titles').fill('Lantern');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('library-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Lantern festival', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/videos/${videoId}$`));

    await page.getByLabel('Title', { exact: true }).fill('Lantern festival, final cut');
    await page.getByLabel('Content rating').selectOption({ label: 'Unrated' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lantern festival, final cut');

    const before = await page.getByTestId('video-picture').getAttribute('src');
    await page.getByLabel('Frame at second').fill('1');
    await page.getByRole('button', { name: 'Use this frame' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Picture updated.');
    expect(await page.getByTestId('video-picture').getAttribute('src')).not.toBe(before);

    await page.getByLabel('Caption file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('just some notes'),
    });
    await page.getByLabel('Label').fill('English');
    await page.getByLabel('Language code').fill('en');
    await page.getByRole('button', { name: 'Add track' }).click();
    await expect(page.getByLabel('Caption file')).toHaveAccessibleDescription(
      /That file is neither WebVTT nor SubRip\./,
    );
    await page.getByLabel('Caption file').setInputFiles({
      name: 'english.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from('1\n00:00:00,000 --> 00:00:01,500\nLanterns rise\n'),
    });
    await page.getByLabel('Label').fill('English');
    await page.getByLabel('Language code').fill('en');
    await page.getByRole('button', { name: 'Add track' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Caption track added.');
    await expect(page.getByTestId('video-tracks')).toContainText('English (en)');
    await expectAccessible(page);

    await page.goto('/manage/videos?q=Lantern');
    await page.getByRole('checkbox', { name: 'Choose Lantern festival, final cut' }).check();
    await page.getByLabel('Action').selectOption({ label: 'Add to showcase' });
    await page.getByLabel('Showcase', { exact: true }).selectOption({ label: 'Owner’s Drafts' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Added 1 video to the showcase.');
    const frame = await (
      await page.request.get(`/showcase/${drafts}/video/${videoId}/embed`)
    ).text();
    expect(frame).toMatch(/<track[^>]*label="English"/);
    expect(frame).toMatch(/<track[^>]*srclang="en"/);

    // A new source: same id and address, processed anew (the new clip lasts 3 seconds, not 2).
    await page.goto(`/manage/videos/${videoId}`);
    await page.getByRole('heading', { name: 'Replace the video file' }).scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
    await page
      .getByLabel('Choose videos')
      .setInputFiles((await clip('Lantern festival v2.mp4', { seconds: 3 })).path);
    await expect(page.getByTestId('upload-item').getByTestId('upload-state')).toHaveText('Ready', {
      timeout: 120_000,
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lantern festival, final cut');
    await expect(page.getByText('00:03')).toBeVisible();

    await page.getByRole('link', { name: 'Delete video' }).click();
    await expect(page.getByTestId('confirm-delete')).toContainText(
      'Delete “Lantern festival, final cut”?',
    );
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Video deleted, with its files.');
    expect(existsSync(mediaFolder(videoId))).toBe(false);
    expect((await page.goto(`/manage/videos/${videoId}`))?.status()).toBe(404);
  });

  test('bulk privacy asks nothing, bulk delete asks first, and only the chosen videos change', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'owner@vitrine.test');
    const kept = await uploadThroughStudio(page, 'Origami cranes');
    await page.goto('/manage/videos?q=Origami');
    await page.getByRole('checkbox', { name: 'Choose Origami cranes' }).check();
    await page.getByLabel('Action').selectOption({ label: 'Set who can watch' });
    await page.getByLabel('Who can watch them').selectOption({ label: 'Only me' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Privacy set for 1 video.');
    await expect(
      page.getByRole('link', { name: 'Privacy settings for Origami cranes' }),
    ).toHaveText('Only me');

    await page.getByRole('checkbox', { name: 'Choose Origami cranes' }).check();
    await page.getByLabel('Action').selectOption({ label: 'Delete' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('confirm-delete')).toContainText('Delete 1 video?');
    await expect(page.getByTestId('confirm-delete')).toContainText('Origami cranes');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByTestId('library-row')).toHaveCount(1);
    expect(existsSync(mediaFolder(kept))).toBe(true);

    // Nothing chosen: said, and nothing happens.
    await page.getByLabel('Action').selectOption({ label: 'Delete' });
    const response = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByTestId('studio-problem')).toHaveText(
      'Choose at least one video you may edit.',
    );
  });

  test('the privacy page changes who may watch; a contributor may not edit the owner\u2019s videos', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos?q=Dailies');
    const row = page.getByTestId('library-row').filter({ hasText: 'Dailies: harbour night shoot' });
    const href = await row
      .getByRole('link', { name: 'Dailies: harbour night shoot', exact: true })
      .getAttribute('href');
    const videoId = Number(/\/manage\/videos\/(\d+)/.exec(href!)![1]);

    const contributor = await (await browser.newContext()).newPage();
    await signIn(contributor, 'contributor@vitrine.test', undefined, '/manage/videos');
    await contributor.getByLabel('Account').selectOption({ label: 'Olivia Okafor — Contributor' });
    await contributor.getByRole('button', { name: 'Switch account' }).click();
    await contributor.goto(`/manage/videos/${videoId}`);
    await expect(contributor.getByRole('heading', { level: 1 })).toHaveText(
      'Dailies: harbour night shoot',
    );
    await expect(contributor.getByTestId('video-settings')).toHaveCount(0);
    const refused = await contributor.evaluate(async (path) => {
      const token = document.querySelector<HTMLInputElement>('input[name="token"]')!.value;
      const response = await fetch(path, {
        method: 'POST',
        body: new URLSearchParams({
          token,
          action: 'settings',
          name: 'Taken over',
          privacyView: 'anybody',
          contentRating: 'safe',
        }),
      });
      return { status: response.status, text: await response.text() };
    }, `/manage/videos/${videoId}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Permission Denied');
    await contributor.context().close();

    await page.goto(`/manage/videos/${videoId}/privacy`);
    await expect(page.getByTestId('privacy-view')).toHaveText('Anyone');
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      page.getByText('Set a password, or choose who can watch differently.'),
    ).toBeVisible();
    await page.getByRole('radio', { name: 'Anyone' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
    await expect(page.getByTestId('privacy-view')).toHaveText('Anyone');
  });
});
