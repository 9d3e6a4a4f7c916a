import { test, expect, expectAccessible, islandOf, showcaseId } from './fixtures.ts';
import { signIn } from './session.ts';

/** SPEC §2, §6: the owner bottom bar, the creator toolbar and Manage videos. */
test.describe('owner and team tools', () => {
  test('the owner gets Edit, Share with a working Copy embed code, and the creator toolbar', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'owner@vitrine.test', undefined, '/showcase/1');
    await page.goto('/showcase/1');

    const bar = page.getByRole('region', { name: 'Showcase owner tools' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Edit showcase' })).toHaveAttribute(
      'href',
      '/manage/showcases/1',
    );

    await bar.getByText('Share', { exact: true }).click();
    // "Share showcase" opens the share dialog (tests/e2e/share.spec.ts), its share page without JavaScript.
    await expect(bar.getByRole('link', { name: 'Share showcase' })).toHaveAttribute(
      'href',
      '/showcase/1/share',
    );
    const code = bar.getByLabel('Embed code');
    await expect(code).toBeVisible();
    await expect(code).toHaveValue(
      /aspect-ratio:16\/9.*<iframe src="http:\/\/[^"]+\/showcase\/1\/embed"/,
    );
    // The button copies once its island has hydrated, which the open menu's visibility starts.
    await expect(islandOf(bar, 'CopyEmbed', 'hydrated')).toHaveCount(1);
    await bar.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(bar.getByText('Embed code copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      '/showcase/1/embed',
    );

    const toolbar = page.getByRole('region', { name: 'Creator tools' });
    await expect(toolbar).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage videos' })).toHaveAttribute(
      'href',
      '/manage/videos',
    );
    await expectAccessible(page);

    await page.setViewportSize({ width: 480, height: 800 });
    await expect(page.getByTestId('creator-toolbar')).toBeHidden();
    await expect(bar).toBeVisible();
  });

  test('embedded or offsite, the owner keeps the bar but loses the toolbar and the team link', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    await page.goto('/showcase/1?offsite=redirect');
    await expect(page.getByRole('region', { name: 'Showcase owner tools' })).toBeVisible();
    await expect(page.getByTestId('creator-toolbar')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage videos' })).toHaveCount(0);
  });

  test('a contributor on the team showcase sees Manage videos but no owner tools', async ({
    page,
  }) => {
    const team = showcaseId('team');
    await signIn(page, 'contributor@vitrine.test');
    await page.goto(`/showcase/${team}`);
    await expect(page.getByRole('link', { name: 'Manage videos' })).toBeVisible();
    await expect(page.getByTestId('owner-bar')).toHaveCount(0);
    await expect(page.getByTestId('creator-toolbar')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('anonymous viewers see none of it', async ({ page }) => {
    await page.goto('/showcase/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('owner-bar')).toHaveCount(0);
    await expect(page.getByTestId('creator-toolbar')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage videos' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
