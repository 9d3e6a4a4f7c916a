/**
 * The library's folders: the owner files videos in nested folders from the library's bulk
 * actions and from a folder's own page (a plain form, by keyboard), filters the library by
 * folder, adds a folder's videos to a showcase in one action, and deletes a folder; the
 * folder screens are accessible in every locale and both themes.
 */
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
import { THEME_COOKIE } from '../../src/lib/footerPreferences.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { API_PORT } from './apiPort.ts';

const drafts = showcaseId('private');

/** The moves' live region, which announces what a drop or a Move form did. */
const moveStatus = (page: Page) => page.locator('[data-move-status]');

/** Waits for the folders' drag and drop script, so a move goes through it rather than a full post. */
async function enhanced(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('vitrine-folder-drop') !== undefined);
}

/**
 * Drags `source` onto `target` as a browser does: dragstart, dragover, drop and dragend, carrying
 * one DataTransfer. Playwright's mouse-driven drag loses its start on a busy machine, and the
 * page under test is the drag's handlers, not Chromium's gesture recognition.
 */
async function drop(page: Page, source: Locator, target: Locator): Promise<void> {
  expect(await source.evaluate((el) => el.closest('[draggable="true"]') !== null)).toBe(true);
  // The dragged element itself, which a move may take out of the page before its dragend.
  const dragged = await source.elementHandle();
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await dragged.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await dragged.dispatchEvent('dragend', { dataTransfer });
}

/** Creates a folder from /manage/folders, inside `parent` (its label) or at the top. */
async function createFolder(page: Page, name: string, parent?: string): Promise<void> {
  await page.goto('/manage/folders');
  await page.getByLabel('Name').fill(name);
  if (parent) await page.getByLabel('Inside').selectOption({ label: parent });
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText('Folder created.');
}

test.describe('library folders', () => {
  test('the owner files videos in nested folders and adds a folder to a showcase', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const parent = `Clients ${run}`;
    const child = `Acme launch ${run}`;
    const childLabel = `${parent} / ${child}`;
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos');
    await page
      .getByRole('navigation', { name: 'Studio' })
      .getByRole('link', { name: 'Folders' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Folders');

    await page.getByLabel('Name').fill(parent);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Folder created.');
    await page.getByLabel('Name').fill(child);
    await page.getByLabel('Inside').selectOption({ label: parent });
    await page.getByRole('button', { name: 'Create folder' }).click();
    const parentNode = page.getByTestId('folder-node').filter({ hasText: parent });
    // The subfolder is listed inside its parent's item, as a nested list.
    await expect(parentNode.getByRole('list').getByRole('link', { name: child })).toBeVisible();

    // Two videos go into the subfolder from the library's bulk actions.
    await page.goto('/manage/videos');
    await page.getByRole('checkbox', { name: 'Choose Jazz cellar' }).check();
    await page.getByRole('checkbox', { name: 'Choose Orchard frost' }).check();
    await page.getByLabel('Action').selectOption({ label: 'Move to folder' });
    await page.getByLabel('Folder', { exact: true }).last().selectOption({ label: childLabel });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Moved 2 videos.');

    // From the subfolder's page one of them moves up to the parent, by keyboard alone: Tab
    // to its Move form, type the folder's name in the select, Tab to Move and press Enter.
    await page.goto('/manage/folders');
    await page.getByRole('link', { name: child }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(child);
    await expect(page.getByTestId('folder-video')).toHaveCount(2);
    await enhanced(page);
    await page.getByRole('link', { name: 'Orchard frost' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Move Orchard frost to')).toBeFocused();
    await page.keyboard.type(parent);
    await expect(page.getByLabel('Move Orchard frost to')).toHaveValue(/^\d+$/);
    await page.keyboard.press('Tab');
    await expect(
      page.getByTestId('folder-video').filter({ hasText: 'Orchard frost' }).getByRole('button'),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(moveStatus(page)).toHaveText(`Orchard frost moved to ${parent}.`);
    await expect(page.getByTestId('folder-video')).toHaveText([/Jazz cellar/]);
    // The keyboard user is left on the next video's Move form, not at the top of the page.
    await expect(page.getByLabel('Move Jazz cellar to')).toBeFocused();
    await page.reload();
    await expect(page.getByTestId('folder-video')).toHaveText([/Jazz cellar/]);

    // The library filtered by each folder lists what was filed there.
    await page.goto('/manage/videos');
    await page.getByLabel('Folder', { exact: true }).first().selectOption({ label: parent });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]folder=\d+/);
    await expect(page.getByTestId('library-row')).toHaveCount(1);
    await expect(page.getByTestId('library-row')).toContainText('Orchard frost');
    await page.getByLabel('Folder', { exact: true }).first().selectOption({ label: childLabel });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('library-row')).toHaveCount(1);
    await expect(page.getByTestId('library-row')).toContainText('Jazz cellar');

    // Back on the parent's page it moves down again, then the subfolder's two go to a showcase.
    await page.goto('/manage/folders');
    await page.getByRole('link', { name: parent }).click();
    await enhanced(page);
    await page.getByLabel('Move Orchard frost to').selectOption({ label: childLabel });
    await page.getByRole('button', { name: 'Move', exact: true }).first().click();
    await expect(moveStatus(page)).toHaveText(`Orchard frost moved to ${childLabel}.`);
    await expect(page.getByText('No videos in this folder.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Videos in this folder' })).toBeFocused();
    await expect(page.getByTestId('folder-subfolder-list')).toContainText('2 videos');
    await page.getByTestId('folder-subfolder-list').getByRole('link', { name: child }).click();
    await expect(page.getByTestId('folder-video')).toHaveCount(2);
    await page.getByLabel('Showcase', { exact: true }).selectOption({ label: 'Owner’s Drafts' });
    await page.getByRole('button', { name: 'Add videos' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Added 2 videos to the showcase.');

    await page.goto(`/showcase/${drafts}`);
    await expect(page.getByText('Jazz cellar').first()).toBeVisible();
    await expect(page.getByText('Orchard frost').first()).toBeVisible();

    // Deleting the parent moves its subfolder to the top, videos and all.
    await page.goto('/manage/folders');
    await page.getByRole('link', { name: parent }).click();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText(
      'Folder deleted. Its videos are in no folder now.',
    );
    await expect(page.getByRole('link', { name: parent })).toHaveCount(0);
    const moved = page.getByTestId('folder-node').filter({ hasText: child });
    await expect(moved).toContainText('2 videos');

    // The API answers the folder as Vimeo's project, and its videos at the uri it gives.
    await page.goto('/settings/tokens');
    await page.getByLabel('Name', { exact: true }).fill(`Folders ${run}`);
    await page.getByRole('checkbox', { name: /^private / }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByRole('textbox', { name: 'New token' }).inputValue();
    const api = async (path: string) => {
      const answer = await page.request.get(`http://127.0.0.1:${API_PORT}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.status()).toBe(200);
      return answer.json();
    };
    const projects = await api('/me/projects?per_page=100');
    expect((await api('/me/folders?per_page=100')).total).toBe(projects.total);
    const project = projects.data.find((item: { name: string }) => item.name === child);
    expect(project.uri).toMatch(/^\/users\/\d+\/projects\/\d+$/);
    expect(project.metadata.connections.parent_folder).toBeNull();
    expect(project.metadata.connections.videos.total).toBe(2);
    const videos = await api(project.metadata.connections.videos.uri);
    expect(videos.data.map((video: { name: string }) => video.name).sort()).toEqual([
      'Jazz cellar',
      'Orchard frost',
    ]);
  });

  test('videos and folders move by drag and drop; a folder never into its own subfolder', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const outer = `Festivals ${run}`;
    const inner = `Summer ${run}`;
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/folders');
    await createFolder(page, outer);
    await createFolder(page, inner, outer);

    // A library row dropped on a folder above the table is filed there, the page unchanged.
    await page.goto('/manage/videos?q=Bridge+repair');
    await enhanced(page);
    const folders = page.getByTestId('library-folders');
    await drop(
      page,
      page.getByTestId('library-row').filter({ hasText: 'Bridge repair' }),
      folders.getByRole('link', { name: outer, exact: true }),
    );
    await expect(moveStatus(page)).toHaveText(`Bridge repair moved to ${outer}.`);
    await folders.getByRole('link', { name: outer, exact: true }).click();
    await expect(page.getByTestId('library-row')).toHaveText([/Bridge repair/]);

    // On the folder's page it is listed, and dropped on the subfolder it leaves for there.
    await page.goto('/manage/folders');
    await page.getByRole('link', { name: outer, exact: true }).click();
    await expect(page.getByTestId('folder-video')).toHaveText([/Bridge repair/]);
    await enhanced(page);
    const subfolders = page.getByTestId('folder-subfolder-list');
    await drop(
      page,
      page.getByTestId('folder-video').filter({ hasText: 'Bridge repair' }),
      subfolders.getByRole('link', { name: inner }),
    );
    await expect(moveStatus(page)).toHaveText(`Bridge repair moved to ${inner}.`);
    await expect(page.getByText('No videos in this folder.')).toBeVisible();
    await expect(subfolders).toContainText('1 video');
    await subfolders.getByRole('link', { name: inner }).click();
    await expect(page.getByTestId('folder-video')).toHaveText([/Bridge repair/]);
    // From there, dropped on the path's top it is in no folder.
    await enhanced(page);
    await drop(
      page,
      page.getByTestId('folder-video').filter({ hasText: 'Bridge repair' }),
      page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Folders' }),
    );
    await expect(moveStatus(page)).toHaveText('Bridge repair is in no folder now.');
    await expect(page.getByTestId('folder-video')).toHaveCount(0);

    // A folder dragged into its own subfolder is refused, and stays where it was.
    await page.goto('/manage/folders');
    await enhanced(page);
    const tree = page.getByTestId('folder-tree');
    const outerNode = page.getByTestId('folder-node').filter({
      has: page.getByRole('link', { name: outer, exact: true }),
    });
    const innerLink = outerNode.getByRole('list').getByRole('link', { name: inner });
    await drop(page, outerNode.getByRole('link', { name: outer, exact: true }), innerLink);
    await expect(moveStatus(page)).toHaveText(
      'A folder cannot be moved into one of its own subfolders.',
    );
    await expect(innerLink).toBeVisible();

    // The subfolder dragged to the top line leaves its parent; then the parent goes into it.
    await drop(page, innerLink, tree.getByText('Drag a folder onto another'));
    await expect(moveStatus(page)).toHaveText(`Folder ${inner} moved to the top.`);
    await expect(outerNode.getByRole('list')).toHaveCount(0);
    await drop(
      page,
      outerNode.getByRole('link', { name: outer, exact: true }),
      tree.getByRole('link', { name: inner }),
    );
    await expect(moveStatus(page)).toHaveText(`Folder ${outer} moved into ${inner}.`);
    const innerNode = page.getByTestId('folder-node').filter({
      has: page.getByRole('link', { name: inner, exact: true }),
    });
    await expect(innerNode.getByRole('list').getByRole('link', { name: outer })).toBeVisible();
    await page.reload();
    await expect(innerNode.getByRole('list').getByRole('link', { name: outer })).toBeVisible();
    await page.goto('/manage/videos');
    await expect(page.getByLabel('Folder', { exact: true }).first()).toContainText(
      `${inner} / ${outer}`,
    );
  });

  test('without JavaScript a video moves by its Move form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const run = Date.now().toString(36);
    const name = `Plain ${run}`;
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/folders');
    await createFolder(page, name);
    await page.goto('/manage/videos?q=Mountain+hut');
    await page.getByRole('checkbox', { name: 'Choose Mountain hut' }).check();
    await page.getByLabel('Action').selectOption({ label: 'Move to folder' });
    await page.getByLabel('Folder', { exact: true }).last().selectOption({ label: name });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Moved 1 video.');
    await page.goto('/manage/folders');
    await page.getByRole('link', { name }).click();
    await page.getByLabel('Move Mountain hut to').selectOption({ label: 'No folder' });
    await page.getByTestId('folder-video').getByRole('button', { name: 'Move' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Moved 1 video.');
    await expect(page.getByText('No videos in this folder.')).toBeVisible();
    await context.close();
  });

  test('the folder screens are accessible in every locale and both themes', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/folders');
    const name = `Axe ${Date.now().toString(36)}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByLabel('Name').fill(`${name} inner`);
    await page.getByLabel('Inside').selectOption({ label: name });
    await page.getByRole('button', { name: 'Create folder' }).click();
    // A video in the folder, so its page shows a draggable video row and its Move form.
    await page.goto('/manage/videos?q=Aurora+timelapse');
    await page.getByRole('checkbox', { name: 'Choose Aurora timelapse' }).check();
    await page.getByLabel('Action').selectOption({ label: 'Move to folder' });
    await page.getByLabel('Folder', { exact: true }).last().selectOption({ label: name });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Moved 1 video.');
    await page.goto('/manage/folders');
    await page.getByRole('link', { name, exact: true }).click();
    const folderPath = new URL(page.url()).pathname;

    for (const theme of ['light', 'dark'] as const) {
      await page
        .context()
        .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', page.url()).href }]);
      for (const locale of LOCALES) {
        for (const path of ['/manage/folders', folderPath, '/manage/videos']) {
          await page.goto(localizePath(locale, path));
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectAccessible(page);
        }
      }
    }
  });
});
