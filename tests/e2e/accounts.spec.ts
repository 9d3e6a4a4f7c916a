/**
 * Accounts: "Forgot password?" through real SMTP (the link works once, signs out every
 * session), changing the password and signing out other sessions, a team invitation by mail
 * that a newcomer accepts by creating an account (SIGNUP=invitation), roles changed by the
 * owner, sign-up refused without an invitation; axe on each screen.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { openInbox, type Inbox } from './smtpInbox.ts';

let inbox: Inbox;
test.beforeAll(async () => {
  inbox = await openInbox();
});
test.afterAll(async () => {
  await inbox.close();
});

async function linkIn(address: string, path: string): Promise<string> {
  const [mail] = await inbox.waitFor(address);
  const link = new RegExp(`https?://[^\\s"]+${path}/[\\w-]+`).exec(mail!.text ?? '')?.[0];
  if (!link) throw new Error(`no ${path} link in the mail to ${address}`);
  return new URL(link).pathname;
}

async function fresh(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const PASSWORD = 'paper lantern river';

/** A new account of its own for a test (demo accounts keep their passwords): invited by the owner, signed up through the link. */
async function newAccount(browser: Browser, email: string, name: string): Promise<Page> {
  const owner = await fresh(browser);
  await signIn(owner, 'owner@vitrine.test', undefined, '/manage/team');
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer' });
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByTestId('studio-notice')).toHaveText('Invitation sent.');
  await owner.context().close();
  const page = await fresh(browser);
  await page.goto(await linkIn(email, '/invitations'));
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByTestId('account-name')).toHaveText(name);
  return page;
}

test.describe('accounts', () => {
  test('forgot password: the mailed link sets a new password once and signs every session out', async ({ page, browser }) => {
    const elsewhere = await newAccount(browser, 'ines@example.org', 'Inês Duarte');

    await page.goto('/log_in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectAccessible(page);
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Not a valid email');
    await page.getByLabel('Email').fill('ines@example.org');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('reset-sent')).toContainText('If an account uses that address');
    // An unknown address gets the very same answer, and no mail.
    await page.goto('/password_reset');
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('reset-sent')).toContainText('If an account uses that address');

    const reset = (await inbox.waitFor('ines@example.org')).find((mail) => mail.subject === 'Choose a new password');
    expect(reset?.html).toContain('Choose a new password');
    const link = /https?:\/\/[^\s"]+(\/password_reset\/[\w-]+)/.exec(reset!.text ?? '')![1]!;
    await page.goto(link);
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('lantern harbour dawn');
    await page.getByLabel('New password again').fill('lantern harbour dawn');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByTestId('password-reset-done')).toBeVisible();
    await signIn(page, 'ines@example.org', 'lantern harbour dawn');

    await elsewhere.reload();
    await expect(elsewhere.getByTestId('account-name')).toHaveCount(0);
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByTestId('reset-expired')).toBeVisible();
    await elsewhere.context().close();
  });

  test('a signed-in account changes its password and signs its other sessions out', async ({ page, browser }) => {
    const other = await newAccount(browser, 'tomas@example.org', 'Tomás Lind');
    await signIn(page, 'tomas@example.org', PASSWORD, '/settings/sessions');
    await expect(page.getByTestId('session')).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByTestId('session')).toHaveCount(1);
    await other.reload();
    await expect(other.getByTestId('account-name')).toHaveCount(0);

    await page.goto('/settings/password');
    await page.getByLabel('Current password').fill('wrong one');
    await page.getByLabel('New password', { exact: true }).fill('orchard frost morning');
    await page.getByLabel('New password again').fill('orchard frost morning');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('That is not your current password.');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('orchard frost morning');
    await page.getByLabel('New password again').fill('orchard frost morning');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Password changed. Your other sessions were signed out.');
    await other.context().close();
  });

  test('an owner invites by e-mail with a role; the newcomer creates an account through the link and works in the team', async ({ page, browser }) => {
    const newcomer = await fresh(browser);
    const refused = await newcomer.goto('/sign_up');
    expect(refused?.status()).toBe(403);
    await expect(newcomer.getByTestId('signup-closed')).toHaveText('New accounts are made through a team invitation. Ask a team owner to invite you.');

    await signIn(page, 'owner@vitrine.test', undefined, '/manage/team');
    await expectAccessible(page);
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Not a valid email');
    await page.getByLabel('Email').fill('rio@example.org');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Uploader' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Invitation sent.');
    await expect(page.getByTestId('team-invitations')).toContainText('rio@example.org — Uploader');

    const [mail] = await inbox.waitFor('rio@example.org');
    expect(mail!.subject).toBe("You're invited to the team Northwind Studio");
    const link = await linkIn('rio@example.org', '/invitations');
    await newcomer.goto(link);
    await expect(newcomer.getByTestId('invitation-text')).toHaveText('Olivia Okafor invites you to the team Northwind Studio as Uploader.');
    await expectAccessible(newcomer);
    await newcomer.getByRole('link', { name: 'Create an account' }).click();
    await expect(newcomer.getByLabel('Email')).toHaveValue('rio@example.org');
    await newcomer.getByLabel('Your name').fill('Rio Tanaka');
    await newcomer.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await newcomer.getByLabel('New password again').fill(PASSWORD);
    await newcomer.getByRole('button', { name: 'Create an account' }).click();
    await expect(newcomer.getByTestId('account-name')).toHaveText('Rio Tanaka');
    await newcomer.goto('/upload');
    await expect(newcomer.getByText("Videos go to Olivia Okafor's account.")).toBeVisible();
    expect((await newcomer.goto('/manage/showcases'))?.status()).toBe(403);

    await page.reload();
    const member = page.getByTestId('team-member').filter({ hasText: 'Rio Tanaka' });
    await member.getByLabel('Role of Rio Tanaka').selectOption({ label: 'Contributor' });
    await member.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Role changed.');
    await newcomer.goto('/manage/showcases');
    await expect(newcomer.getByRole('heading', { name: 'Your showcases' })).toBeVisible();

    const used = await (await fresh(browser)).goto(link);
    expect(used?.status()).toBe(410);
    await newcomer.context().close();
  });
});
