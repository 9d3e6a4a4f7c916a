/**
 * Accounts: "Forgot password?" through real SMTP, by keyboard alone and without JavaScript
 * (the link works once, signs out every session), changing the password and signing out
 * other sessions, a team invitation by mail that a newcomer accepts by creating an account
 * (SIGNUP=invitation) and an existing account accepts signed in, roles changed and members
 * removed by the owner, and the refusals: no CSRF token, a flood of reset mails, a role the
 * inviter may not give, a spent link, sign-up without an invitation; axe on each screen.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
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

async function fresh(
  browser: Browser,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

/** Moves the focus with Tab alone until it reaches `target`, as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reaches the control');
}

const PASSWORD = 'paper lantern river';
const INVITATION_SPENT =
  'This invitation has expired, was withdrawn or was already accepted. Ask the person who invited you for a new one.';

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
  test('forgot password, by keyboard and without JavaScript: the mailed link sets a new password once and signs every session out', async ({
    browser,
  }) => {
    const elsewhere = await newAccount(browser, 'ines@example.org', 'Inês Duarte');
    const page = await fresh(browser, { javaScriptEnabled: false });
    // axe needs JavaScript: a second browser looks at the same screens with it.
    const look = await fresh(browser);

    await page.goto('/log_in');
    await tabTo(page, page.getByRole('link', { name: 'Forgot password?' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await look.goto('/password_reset');
    await expectAccessible(look);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type('not an address');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Not a valid email');
    await page.getByLabel('Email').fill('ines@example.org');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('reset-sent')).toContainText('If an account uses that address');
    // An unknown address gets the very same answer, and no mail.
    await page.goto('/password_reset');
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('reset-sent')).toContainText('If an account uses that address');

    const reset = (await inbox.waitFor('ines@example.org')).find(
      (mail) => mail.subject === 'Choose a new password',
    );
    expect(reset?.html).toContain('Choose a new password');
    const link = /https?:\/\/[^\s"]+(\/password_reset\/[\w-]+)/.exec(reset!.text ?? '')![1]!;
    await look.goto(link);
    await expectAccessible(look);
    await page.goto(link);
    await tabTo(page, page.getByLabel('New password', { exact: true }));
    await page.keyboard.type('short');
    await page.keyboard.press('Tab');
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('lantern harbour dawn');
    await page.getByLabel('New password again').fill('lantern harbour dusk');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('New password again')).toHaveAccessibleDescription(
      'The two passwords are not the same.',
    );
    await page.getByLabel('New password', { exact: true }).fill('lantern harbour dawn');
    await page.getByLabel('New password again').fill('lantern harbour dawn');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('password-reset-done')).toHaveText(
      'Your password was changed and every session signed out. Sign in with the new one.',
    );
    await signIn(page, 'ines@example.org', 'lantern harbour dawn');

    await elsewhere.reload();
    await expect(elsewhere.getByTestId('account-name')).toHaveCount(0);
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByTestId('reset-expired')).toHaveText(
      'This link has expired or was already used.',
    );
    await look.reload();
    await expectAccessible(look);
    await Promise.all([elsewhere, page, look].map((each) => each.context().close()));
  });

  test('refuses a reset without a CSRF token, and a flood of reset mails, with the same screens as elsewhere', async ({
    page,
    baseURL,
  }) => {
    const forged = await page.request.post('/password_reset', {
      form: { email: 'owner@vitrine.test' },
      headers: { Origin: baseURL! },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Permission Denied');

    // Three mails an hour to one address, from however many clients.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.41' });
    for (let asked = 0; asked < 3; asked += 1) {
      await page.goto('/password_reset');
      await page.getByLabel('Email').fill('flood@example.org');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(page.getByTestId('reset-sent')).toBeVisible();
    }
    await expectAccessible(page);
    await page.goto('/password_reset');
    await page.getByLabel('Email').fill('FLOOD@example.org');
    const limited = page.waitForResponse(
      (response) =>
        response.url().endsWith('/password_reset') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send the link' }).click();
    expect((await limited).status()).toBe(429);
    expect(await (await limited).headerValue('retry-after')).toMatch(/^\d+$/);
    await expect(page.getByRole('heading', { name: 'Whoa there!' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a signed-in account changes its password and signs its other sessions out', async ({
    page,
    browser,
  }) => {
    const other = await newAccount(browser, 'tomas@example.org', 'Tomás Lind');
    await signIn(page, 'tomas@example.org', PASSWORD, '/settings/sessions');
    await expect(page.getByTestId('session')).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByTestId('session')).toHaveCount(1);
    await other.reload();
    await expect(other.getByTestId('account-name')).toHaveCount(0);

    await page.goto('/settings');
    await expectAccessible(page);
    await page
      .getByRole('navigation', { name: 'Sign-in and security' })
      .getByRole('link', { name: 'Password' })
      .click();
    await page.getByLabel('Current password').fill('wrong one');
    await page.getByLabel('New password', { exact: true }).fill('orchard frost morning');
    await page.getByLabel('New password again').fill('orchard frost morning');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
      'That is not your current password.',
    );
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('orchard frost morning');
    await page.getByLabel('New password again').fill('orchard frost morning');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText(
      'Password changed. Your other sessions were signed out.',
    );
    await other.context().close();
  });

  test('an owner invites by e-mail with a role; the newcomer creates an account through the link and works in the team', async ({
    page,
    browser,
    baseURL,
  }) => {
    const newcomer = await fresh(browser);
    const refused = await newcomer.goto('/sign_up');
    expect(refused?.status()).toBe(403);
    await expect(newcomer.getByTestId('signup-closed')).toHaveText(
      'New accounts are made through a team invitation. Ask a team owner to invite you.',
    );
    await expectAccessible(newcomer);
    expect((await newcomer.goto('/sign_up?invitation=made-up'))?.status()).toBe(404);
    await expect(newcomer.getByTestId('signup-closed')).toHaveText(INVITATION_SPENT);

    await signIn(page, 'owner@vitrine.test', undefined, '/manage/team');
    await expectAccessible(page);
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Not a valid email');
    // A form altered to hand out the one role nobody may give.
    await page.getByLabel('Email').fill('rio@example.org');
    await page
      .getByLabel('Role', { exact: true })
      .evaluate((select: HTMLSelectElement) => select.add(new Option('Owner', 'Owner')));
    await page.getByLabel('Role', { exact: true }).selectOption('Owner');
    const refusedRole = page.waitForResponse(
      (response) =>
        response.url().endsWith('/manage/team') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send invitation' }).click();
    expect((await refusedRole).status()).toBe(400);
    await expect(page.getByLabel('Role', { exact: true })).toHaveAccessibleDescription(
      'Choose a role you may give.',
    );
    await expect(page.getByText('No invitations waiting.')).toBeVisible();
    const forged = await page.request.post('/manage/team', {
      form: { action: 'invite', email: 'rio@example.org', role: 'Admin' },
      headers: { Origin: baseURL! },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Permission Denied');
    await page.getByLabel('Email').fill('rio@example.org');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Uploader' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Invitation sent.');
    await expect(page.getByTestId('team-invitations')).toContainText('rio@example.org — Uploader');

    const [mail] = await inbox.waitFor('rio@example.org');
    expect(mail!.subject).toBe("You're invited to the team Northwind Studio");
    const link = await linkIn('rio@example.org', '/invitations');
    await newcomer.goto(link);
    await expect(newcomer.getByTestId('invitation-text')).toHaveText(
      'Olivia Okafor invites you to the team Northwind Studio as Uploader.',
    );
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

  test('an existing account accepts an invitation signed in, without JavaScript; the owner withdraws another and removes the member', async ({
    browser,
  }) => {
    const leader = await newAccount(browser, 'noor@example.org', 'Noor Haddad');
    const joiner = await newAccount(browser, 'pavel@example.org', 'Pavel Novák');
    // Invited into Northwind as a Viewer, Noor may not manage its team.
    const denied = await leader.goto('/manage/team');
    expect(denied?.status()).toBe(403);
    await expect(leader.getByRole('heading', { name: 'Permission Denied' })).toBeVisible();
    await leader.context().close();

    const owner = await fresh(browser, { javaScriptEnabled: false });
    await signIn(owner, 'noor@example.org', PASSWORD, '/manage/team');
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Team of Noor Haddad');
    await owner.getByLabel('Email').fill('pavel@example.org');
    await owner.getByLabel('Role', { exact: true }).selectOption({ label: 'Admin' });
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByTestId('studio-notice')).toHaveText('Invitation sent.');
    await owner.getByLabel('Email').fill('quinn@example.org');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner
      .getByRole('button', { name: 'Withdraw the invitation of quinn@example.org' })
      .click();
    await expect(owner.getByTestId('studio-notice')).toHaveText('Invitation withdrawn.');
    await expect(owner.getByTestId('team-invitations')).not.toContainText('quinn@example.org');
    const withdrawn = await fresh(browser);
    expect(
      (await withdrawn.goto(await linkIn('quinn@example.org', '/invitations')))?.status(),
    ).toBe(404);
    await expect(withdrawn.getByTestId('invitation-spent')).toHaveText(INVITATION_SPENT);
    await withdrawn.context().close();

    const invitation = (await inbox.waitFor('pavel@example.org')).find(
      (mail) => mail.subject === "You're invited to the team Noor Haddad",
    );
    const link = /https?:\/\/[^\s"]+(\/invitations\/[\w-]+)/.exec(invitation!.text ?? '')![1]!;
    await joiner.goto(link);
    await expect(joiner.getByTestId('invitation-text')).toHaveText(
      'Noor Haddad invites you to the team Noor Haddad as Admin.',
    );
    await expectAccessible(joiner);
    await joiner.getByRole('button', { name: 'Join Noor Haddad' }).click();
    await expect(joiner).toHaveURL(/\/manage\/videos$/);
    await joiner.goto('/manage/team');
    await expect(joiner.getByRole('heading', { level: 1 })).toHaveText('Team of Noor Haddad');

    await owner.reload();
    await expect(owner.getByTestId('team-member').filter({ hasText: 'Pavel Novák' })).toContainText(
      'pavel@example.org',
    );
    await owner.getByRole('button', { name: 'Remove Pavel Novák from the team' }).click();
    await expect(owner.getByTestId('studio-notice')).toHaveText('Member removed from the team.');
    await expect(owner.getByTestId('team-member')).toHaveCount(1);
    // Out of Noor's team, Pavel is back in his own account.
    await joiner.goto('/manage/team');
    await expect(joiner.getByRole('heading', { level: 1 })).toHaveText('Team of Pavel Novák');
    await joiner.context().close();
    await owner.context().close();
  });

  test('a remove button’s name holds the word it shows, in every locale', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/team');
    for (const locale of LOCALES) {
      await page.goto(localizePath(locale, '/manage/team'));
      const remove = page
        .getByTestId('team-member')
        .filter({ hasText: 'Arjun Mehta' })
        .locator('form:has([name=action][value=remove]) button');
      const shown = (await remove.innerText()).trim().toLowerCase();
      // Speech input matches the words a person reads, whatever their case.
      expect((await remove.getAttribute('aria-label'))!.toLowerCase(), locale).toContain(shown);
    }
    await expectAccessible(page);
  });
});
