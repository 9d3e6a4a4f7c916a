/**
 * The library's folders: the owner files videos in nested folders from the library's bulk
 * actions and from a folder's own page (a plain form, by keyboard), filters the library by
 * folder, adds a folder's videos to a showcase in one action, and deletes a folder; the
 * folder screens are accessible in every locale and both themes.
 */
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
import { THEME_COOKIE } from '../../src/lib/footerPreferences.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { API_PORT } from './apiPort.ts';

const drafts = showcaseId('private');

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

    // From the subfolder's page one of them moves up to the parent, by keyboard alone.
    await page.goto('/manage/folders');
    await page.getByRole('link', { name: child }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(child);
    await expect(page.getByTestId('folder-video')).toHaveCount(2);
    const moveTo = page.getByLabel('Move Orchard frost to');
    await moveTo.selectOption({ label: parent });
    await moveTo.focus();
    await page.keyboard.press('Tab');
    await expect(
      page.getByTestId('folder-video').filter({ hasText: 'Orchard frost' }).getByRole('button'),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('studio-notice')).toHaveText('Moved 1 video.');
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
    await page.getByLabel('Move Orchard frost to').selectOption({ label: childLabel });
    await page.getByRole('button', { name: 'Move', exact: true }).first().click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Moved 1 video.');
    await expect(page.getByText('No videos in this folder.')).toBeVisible();
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

  test('the folder screens are accessible in every locale and both themes', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/folders');
    const name = `Axe ${Date.now().toString(36)}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByLabel('Name').fill(`${name} inner`);
    await page.getByLabel('Inside').selectOption({ label: name });
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('link', { name, exact: true }).click();
    const folderPath = new URL(page.url()).pathname;

    for (const theme of ['light', 'dark'] as const) {
      await page
        .context()
        .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', page.url()).href }]);
      for (const locale of LOCALES) {
        for (const path of ['/manage/folders', folderPath]) {
          await page.goto(localizePath(locale, path));
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectAccessible(page);
        }
      }
    }
  });
});
