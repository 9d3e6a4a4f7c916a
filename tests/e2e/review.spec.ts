/**
 * Review pages (/review/{token}): the owner makes a password review link for a private video;
 * a client, signed out in another browser, is refused with a wrong password, opens it with
 * the right one, watches the video and leaves two notes at two time codes under a name, which
 * mark the timeline and seek the player; the owner sees both, resolves one and answers the
 * other, and the client sees the answer. The pages are never cached nor indexed, and axe
 * finds nothing in any locale or theme.
 *
 * Versions and mail: on a video the owner uploads, a client with JavaScript off leaves two
 * notes and the owner gets exactly one mail of both over real SMTP (REVIEW_MAIL_DELAY is a
 * few seconds here, playwright.config.ts); the owner replaces the source, the link that
 * follows the latest version shows version 2 with none of version 1's notes, a plain link
 * reads version 1's notes and says its cut is gone, a link pinned to version 1 plays nothing,
 * and the studio counts each version's unresolved notes.
 */
import type { Browser, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
import { THEME_COOKIE } from '../../src/lib/footerPreferences.ts';
import { clip, uploadThroughStudio } from './clips.ts';
import { expect, expectAccessible, hydrated, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { openInbox, type Inbox } from './smtpInbox.ts';

const DRAFT = 'Rough assembly, not for anyone yet';

/** Signs the owner in and opens the studio review page of the private demo draft. */
async function ownerReviewPage(page: Page): Promise<string> {
  await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos');
  await page.goto(`/manage/videos?q=${encodeURIComponent(DRAFT)}`);
  await page.getByRole('link', { name: DRAFT, exact: true }).click();
  await page.getByTestId('review-page-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${DRAFT}`);
  return page.url();
}

/**
 * Makes a review link (with `password`, when given; showing `version`, the latest when not
 * given) and answers its path.
 */
async function makeLink(
  page: Page,
  password = '',
  version = 'The latest version (follows replacements)',
): Promise<string> {
  await page.getByLabel('Password (optional)').fill(password);
  await page.getByLabel('Shows').selectOption({ label: version });
  await page.getByRole('button', { name: 'Make review link' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText(
    'Review link made. Copy it and send it to your reviewers.',
  );
  const href = await page.getByTestId('review-link').last().getAttribute('href');
  return new URL(href!).pathname;
}

async function signedOut(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  return (await browser.newContext({ javaScriptEnabled })).newPage();
}

async function leaveNote(client: Page, name: string, time: string, body: string): Promise<void> {
  const form = client.getByTestId('review-form');
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Time code').fill(time);
  await form.getByLabel('Note').fill(body);
  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(client.getByTestId('review-notice')).toHaveText('Your note was added.');
}

let inbox: Inbox;
// Every note left here is mailed to the owner; the mails land in this inbox.
test.beforeAll(async () => {
  inbox = await openInbox();
});
test.afterAll(async () => {
  await inbox.close();
});

test.describe('review pages', () => {
  test('a client leaves notes on a private video and the owner resolves and answers them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const studio = await ownerReviewPage(page);
    const reviewPath = await makeLink(page, 'sesame');
    expect(reviewPath).toMatch(/^\/review\/[\w-]{22}$/);
    await expect(page.getByTestId('review-links')).toContainText('Password protected');

    const client = await signedOut(browser);
    const first = await client.goto(reviewPath);
    expect(first?.status()).toBe(200);
    await expect(client.getByRole('heading', { level: 1 })).toHaveText('This review is protected');
    await expect(client.getByTestId('review-notes')).toHaveCount(0);

    // A wrong password is refused with its reason; the right one opens the review.
    await client.getByLabel('Password').fill('open sesame');
    const [refused] = await Promise.all([
      client.waitForResponse(
        (r) => r.url().endsWith(reviewPath) && r.request().method() === 'POST',
      ),
      client.getByRole('button', { name: 'Open review' }).click(),
    ]);
    expect(refused.status()).toBe(403);
    await expect(
      client.getByText('That password is not right. Check it and try again.'),
    ).toBeVisible();
    await client.getByLabel('Password').fill('sesame');
    await client.getByRole('button', { name: 'Open review' }).click();
    await expect(client.getByRole('heading', { level: 1 })).toHaveText(DRAFT);

    // Never kept by a cache, never indexed.
    const opened = await client.request.get(reviewPath);
    expect(opened.headers()['cache-control']).toMatch(/private/);
    expect(opened.headers()['cache-control']).toMatch(/no-store/);
    expect(opened.headers()['x-robots-tag']).toBe('noindex');
    await expect(client.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // The private video plays in the review's player frame.
    const player = client.frameLocator('iframe[data-review-player]');
    const source = await player
      .locator('video[data-player] source[type="video/mp4"]')
      .getAttribute('src');
    const media = await client.request.get(source!.replace(/#.*$/, ''));
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toBe('video/mp4');

    // A note without a name or a time code within the video is refused with the reasons.
    const form = client.getByTestId('review-form');
    await form.getByLabel('Time code').fill('9:00');
    await form.getByLabel('Note').fill('Too late');
    await form.getByRole('button', { name: 'Add note' }).click();
    await expect(client.getByText('Enter your name.')).toBeVisible();
    await expect(
      client.getByText('Enter a time code within the video, for example 1:23.'),
    ).toBeVisible();
    await expect(client.getByTestId('review-notes')).toHaveCount(0);

    await leaveNote(client, 'Ana Lima', '0:05', 'Logo <b>too small</b> here');
    await leaveNote(client, 'Ana Lima', '0:02', 'Colour is off');
    const notes = client.getByTestId('review-note');
    await expect(notes).toHaveCount(2);
    // In the order of the timeline; the markup shows as the text it is.
    await expect(notes.nth(0)).toContainText('0:02');
    await expect(notes.nth(0)).toContainText('Colour is off');
    await expect(notes.nth(1)).toContainText('Logo <b>too small</b> here');
    await expect(notes.nth(1).locator('b')).toHaveCount(0);
    // Each note marks its moment on the strip under the player: 0:02 and 0:05 of 8 seconds.
    const marks = client.getByTestId('review-marks').locator('a');
    await expect(marks).toHaveCount(2);
    await expect(marks.nth(0)).toHaveAttribute('style', 'left: 25%');
    await expect(marks.nth(1)).toHaveAttribute('style', 'left: 62.5%');

    // A time code seeks the player in place.
    await notes.nth(1).getByRole('link', { name: 'Play from 0:05' }).click();
    await expect(client).toHaveURL(new RegExp(`${reviewPath}\\?added=1#notes$`));
    await expect
      .poll(() =>
        player.locator('video[data-player]').evaluate((v: HTMLVideoElement) => v.currentTime),
      )
      .toBeGreaterThanOrEqual(5);

    // The owner sees both notes and the unresolved count, resolves one and answers the other.
    await page.goto(studio);
    await expect(page.getByTestId('review-unresolved')).toHaveText('2 unresolved notes');
    const owned = page.getByTestId('review-note');
    await expect(owned).toHaveCount(2);
    await owned.nth(0).getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Note resolved.');
    await expect(page.getByTestId('review-unresolved')).toHaveText('1 unresolved note');
    await page
      .getByTestId('review-note')
      .nth(1)
      .getByLabel('Reply')
      .fill('Bigger in the next cut.');
    await page
      .getByTestId('review-note')
      .nth(1)
      .getByRole('button', { name: 'Save reply' })
      .click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Reply saved.');
    await page.goto(studio.replace(/\/review$/, ''));
    await expect(page.getByTestId('review-unresolved')).toHaveText('1 unresolved note');
    await page.goto(`/manage/videos?q=${encodeURIComponent(DRAFT)}`);
    await expect(
      page.getByRole('row', { name: new RegExp(DRAFT) }).getByTestId('review-unresolved'),
    ).toHaveText('1 unresolved note');

    await client.reload();
    await expect(notes.nth(0).getByTestId('note-resolved')).toHaveText('Resolved');
    await expect(notes.nth(1).getByTestId('note-resolved')).toHaveCount(0);
    await expect(notes.nth(1).getByTestId('note-reply')).toContainText('Bigger in the next cut.');

    // Deleted by the owner, a note leaves the client's list too.
    await page.goto(studio);
    await page.getByTestId('review-note').nth(0).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Note deleted.');
    await client.reload();
    await expect(notes).toHaveCount(1);
    await client.context().close();
  });

  test('an unknown review link is not found', async ({ page }) => {
    expect((await page.goto('/review/not-a-review-link-at-all'))?.status()).toBe(404);
  });

  test('axe finds nothing on the review pages in any locale or theme', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const studio = await ownerReviewPage(page);
    const reviewPath = await makeLink(page);
    const client = await signedOut(browser);
    await client.goto(reviewPath);
    await leaveNote(client, 'Kai', '0:01', 'Opening frame is soft.');
    for (const theme of ['light', 'dark'] as const) {
      for (const [viewer, path] of [
        [client, reviewPath],
        [page, new URL(studio).pathname],
      ] as const) {
        await viewer
          .context()
          .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', viewer.url()).href }]);
        for (const locale of LOCALES) {
          await viewer.goto(localizePath(locale, path));
          await expect(viewer.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(viewer.getByTestId('review-note').first()).toBeVisible();
          await expectAccessible(viewer);
        }
      }
    }
    await client.context().close();
  });

  test('a replaced source starts a new version; the owner gets one mail per batch of notes', async ({
    page,
    browser,
  }) => {
    // An upload, a replacement, two mail windows and an axe sweep of 32 pages.
    test.setTimeout(540_000);
    const title = `Review cut ${Date.now().toString(36)}`;
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos');
    const videoId = await uploadThroughStudio(page, title);
    const studio = `/manage/videos/${videoId}/review`;
    await page.goto(studio);
    const latestPath = await makeLink(page);
    const pinnedPath = await makeLink(page, '', 'Version 1 only');
    await expect(page.getByTestId('link-version')).toHaveText([
      'The latest version (follows replacements)',
      'Version 1 only',
    ]);

    // Two notes in a row, from a client without JavaScript: one mail lists both.
    const client = await signedOut(browser, false);
    await client.goto(latestPath);
    await leaveNote(client, 'Ana <Lima>', '0:01', 'Title card <i>too</i> early');
    await leaveNote(client, 'Bo', '0:00', 'Cold open works');
    await expect(client.getByTestId('review-versions')).toHaveCount(0);
    // One mail each to those who may answer the notes: the owner and the team's admin.
    const mailsOf = () =>
      inbox.mails.filter((mail) => mail.subject === `New review notes on “${title}”`);
    const recipientOf = (mail: ParsedMail) => [mail.to].flat()[0]?.text;
    await expect
      .poll(() => mailsOf().map(recipientOf).sort(), { timeout: 30_000 })
      .toEqual(['admin@vitrine.test', 'owner@vitrine.test']);
    const batch = mailsOf().find((mail) => recipientOf(mail) === 'owner@vitrine.test')!;
    expect(batch.text).toContain(
      '0:00 · version 1 · Bo\nCold open works\n\n0:01 · version 1 · Ana <Lima>\nTitle card <i>too</i> early',
    );
    expect(batch.html).toContain('Title card &lt;i&gt;too&lt;/i&gt; early');
    const reviewLink = /Open the review: (\S+)/.exec(batch.text ?? '')![1]!;
    expect(new URL(reviewLink).pathname).toBe(studio);

    // The owner replaces the source in the studio: version 2 starts.
    await page.goto(`/manage/videos/${videoId}`);
    await page.getByRole('heading', { name: 'Replace the video file' }).scrollIntoViewIfNeeded();
    await hydrated(page);
    const replacement = await clip(`${title} v2.mp4`, { seconds: 3 });
    await page.getByLabel('Choose videos').setInputFiles(replacement.path);
    await expect(
      page
        .getByTestId('upload-item')
        .filter({ hasText: `${title} v2.mp4` })
        .getByTestId('upload-state'),
    ).toHaveText('Ready', { timeout: 120_000 });

    // The link that follows the latest version shows version 2, playable, without v1's notes.
    await client.goto(latestPath);
    const versions = client.getByTestId('review-version');
    await expect(versions).toHaveText(['Version 2 (current)', 'Version 1']);
    await expect(versions.first()).toHaveAttribute('aria-current', 'page');
    await expect(client.getByText('No notes yet.')).toBeVisible();
    await expect(client.locator('iframe[data-review-player]')).toHaveCount(1);
    await leaveNote(client, 'Ana <Lima>', '0:02', 'Much better');
    await expect(client.getByTestId('review-note')).toHaveCount(1);

    // A plain link reads version 1: its notes and time codes, its cut no longer playable.
    await versions.filter({ hasText: 'Version 1' }).click();
    await expect(client).toHaveURL(new RegExp(`${latestPath}\\?version=1$`));
    await expect(client.getByTestId('review-version-gone')).toContainText(
      'This is an earlier version of the video.',
    );
    await expect(client.locator('iframe[data-review-player]')).toHaveCount(0);
    await expect(client.getByTestId('review-form')).toHaveCount(0);
    const older = client.getByTestId('review-note');
    await expect(older).toHaveCount(2);
    await expect(older.nth(0)).toContainText('0:00');
    await expect(older.nth(1)).toContainText('Title card <i>too</i> early');

    // The link pinned to version 1 shows it and plays nothing, the current cut included.
    await client.goto(pinnedPath);
    await expect(client.getByTestId('review-version-gone')).toBeVisible();
    await expect(client.getByTestId('review-versions')).toHaveCount(0);
    await expect(client.getByTestId('review-note')).toHaveCount(2);
    await client.goto(`${pinnedPath}?version=2`);
    await expect(client.getByTestId('review-note')).toHaveCount(2);
    await client.goto(`${pinnedPath}/frame`);
    await expect(client.locator('video')).toHaveCount(0);
    await expect(client.getByText('This is an earlier version of the video.')).toBeVisible();

    // The studio counts each version's unresolved notes and lists the current version's.
    await page.goto(studio);
    await expect(page.getByTestId('review-version')).toHaveText([
      /^Version 2 \(current\)\s*1 unresolved note$/,
      /^Version 1\s*2 unresolved notes$/,
    ]);
    await expect(page.getByRole('heading', { name: 'Notes on version 2' })).toBeVisible();
    await expect(page.getByTestId('review-note')).toHaveCount(1);
    await page.getByTestId('review-version').filter({ hasText: 'Version 1' }).click();
    await page.getByTestId('review-note').nth(0).getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Note resolved.');
    await expect(page).toHaveURL(/\?version=1&done=resolved$/);
    await expect(page.getByTestId('review-version-unresolved')).toHaveText([
      '1 unresolved note',
      '1 unresolved note',
    ]);

    // The note on version 2 came in a mail of its own; the first batch was sent once.
    await expect.poll(() => mailsOf().length, { timeout: 30_000 }).toBe(4);
    const toOwner = mailsOf().filter((mail) => recipientOf(mail) === 'owner@vitrine.test');
    expect(toOwner).toHaveLength(2);
    expect(toOwner[1]!.text).toContain('0:02 · version 2 · Ana <Lima>\nMuch better');
    expect(toOwner[1]!.text).not.toContain('Cold open works');

    // axe finds nothing on the version pages in any locale or theme (axe needs JavaScript).
    await client.context().close();
    const reader = await signedOut(browser);
    await reader.goto(latestPath);
    for (const theme of ['light', 'dark'] as const) {
      for (const [viewer, path] of [
        [reader, `${latestPath}?version=1`],
        [page, studio],
      ] as const) {
        await viewer
          .context()
          .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', viewer.url()).href }]);
        for (const locale of LOCALES) {
          await viewer.goto(localizePath(locale, path));
          await expect(viewer.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(viewer.getByTestId('review-versions')).toBeVisible();
          await expectAccessible(viewer);
        }
      }
    }
    await reader.context().close();
  });
});
