/**
 * Sharing a showcase (SPEC §2, §4, §5, §7, §8): the dialog from the Share button, the link
 * and embed code, e-mail chips and their rules, the message limit, Send behind the real
 * ALTCHA proof of work, the mail arriving over real SMTP, the failure toast, the hide rules,
 * keyboard use, axe in both themes and German, and the share page without JavaScript.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { openInbox, type Inbox } from './smtpInbox.ts';

const grid = showcaseId('grid');
const password = showcaseId('password');
const player = showcaseId('player');

let inbox: Inbox;
test.beforeAll(async () => {
  inbox = await openInbox();
});
test.afterAll(async () => {
  await inbox.close();
});

/** Each test shares from an address of its own, so the hourly per-sender limit never meets another test. */
let client = 0;
async function visitor(
  browser: Browser,
  options: { theme?: 'light' | 'dark'; locale?: string; javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  client += 1;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: {
      'X-Forwarded-For': `198.51.100.${client}`,
      ...(options.locale ? { 'Accept-Language': options.locale } : {}),
    },
  });
  if (options.theme)
    await context.addCookies([
      { name: 'theme', value: options.theme, url: test.info().project.use.baseURL! },
    ]);
  return context.newPage();
}

async function openDialog(page: Page) {
  await page.locator('[data-testid=share-button] >> visible=true').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function verifyCaptcha(page: Page) {
  const widget = page.getByTestId('share-captcha');
  await widget.getByText("I'm not a robot").click();
  await expect(widget.getByText('Verified')).toBeVisible({ timeout: 20_000 });
}

test('a viewer shares a showcase by e-mail and the mail arrives', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto(`/showcase/${grid}`);
  const dialog = await openDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Share Northwind Showreel' })).toBeVisible();
  await expect(dialog.getByLabel('Link')).toHaveValue(new RegExp(`/showcase/${grid}$`));
  await expect(dialog.getByLabel('Embed code')).toHaveValue(
    new RegExp(`aspect-ratio:16/9.*src="http://[^"]+/showcase/${grid}/embed"`),
  );
  await dialog.getByLabel('Size').selectOption('960x540');
  await expect(dialog.getByLabel('Embed code')).toHaveValue(/width="960" height="540"/);

  const emails = dialog.getByLabel('Email addresses');
  const send = dialog.getByRole('button', { name: 'Send' });
  // A leading comma or space adds nothing; comma, space and blur make chips.
  await emails.press(',');
  await emails.press(' ');
  await expect(emails).toHaveValue('');
  await emails.pressSequentially('ana@example.com,');
  await emails.pressSequentially('not-an-address');
  await emails.blur();
  await expect(dialog.getByRole('listitem')).toHaveText([/ana@example.com/, /not-an-address/]);
  await expect(dialog.getByRole('alert')).toContainText('Not a valid email');
  await expect(send).toBeDisabled();
  await dialog.getByRole('button', { name: 'Remove not-an-address' }).click();

  // Over 4096 characters the excess is counted and Send stays off.
  await dialog.getByLabel('Add a message (optional)').fill('x'.repeat(4100));
  await expect(dialog.getByTestId('share-message-count')).toHaveText('4 characters');
  await dialog.getByLabel('Add a message (optional)').fill('x'.repeat(4097));
  await expect(dialog.getByTestId('share-message-count')).toHaveText('1 character');
  await verifyCaptcha(page);
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Add a message (optional)').fill('Thought of you <3');
  await expect(dialog.getByTestId('share-message-count')).toHaveText('Up to 4,096 characters');
  await expect(send).toBeEnabled();
  await send.click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your message was sent.' }),
  ).toBeVisible();
  await expect(page.locator('[data-testid=share-button] >> visible=true').first()).toBeFocused();
  const [mail] = await inbox.waitFor('ana@example.com');
  expect(mail?.subject).toBe('“Northwind Showreel” was shared with you');
  expect(mail?.text).toContain(`/showcase/${grid}`);
  expect(mail?.text).toContain('Thought of you <3');
  expect(mail?.html).toContain('Thought of you &lt;3');

  // The dialog starts afresh: no chips, no message, an unsolved captcha.
  const again = await openDialog(page);
  await expect(again.getByRole('listitem')).toHaveCount(0);
  await expect(again.getByLabel('Add a message (optional)')).toHaveValue('');
  await expect(again.getByRole('button', { name: 'Send' })).toBeDisabled();
});

test('a mail that cannot go out keeps the dialog open under the toast', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto(`/showcase/${grid}`);
  const dialog = await openDialog(page);
  await dialog.getByLabel('Email addresses').fill('bo@example.org');
  await dialog.getByLabel('Email addresses').press('Enter');
  await verifyCaptcha(page);
  await inbox.close();
  try {
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByTestId('share-toast')).toHaveText('Oops, something went wrong.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([/bo@example.org/]);
  } finally {
    inbox = await openInbox();
  }
});

test('the dialog keeps focus inside, closes on Escape and gives focus back', async ({
  browser,
}) => {
  const page = await visitor(browser);
  await page.goto(`/showcase/${player}`);
  const dialog = await openDialog(page);
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      () =>
        document.activeElement === document.body ||
        Boolean(document.activeElement?.closest('dialog')),
    );
    expect(inside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-testid=share-button] >> visible=true').first()).toBeFocused();
});

/** How far a dialog's title and close button sit from its edges, and the title's size. */
async function dialogInsets(dialog: Locator) {
  const frame = (await dialog.boundingBox())!;
  const heading = dialog.getByRole('heading', { level: 2 });
  const title = (await heading.boundingBox())!;
  const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
  return {
    left: title.x - frame.x,
    top: close.y - frame.y,
    right: frame.x + frame.width - (close.x + close.width),
    titleSize: await heading.evaluate((h) => getComputedStyle(h).fontSize),
  };
}

test('the dialog is padded as the other dialogs are, on a phone and on a desktop', async ({
  browser,
}) => {
  const page = await visitor(browser);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/showcase/${grid}`);
    const share = await dialogInsets(await openDialog(page));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Language: English' }).click();
    const language = await dialogInsets(page.getByRole('dialog', { name: 'Choose a language' }));
    expect(share).toEqual(language);
  }
});

test('the video view shares the video, with its own embed code, and offers previous and next on phones', async ({
  browser,
}) => {
  const page = await visitor(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/showcase/${grid}`);
  await page.locator(`a[href*="/showcase/${grid}/video/"]`).nth(1).click();
  const nav = page.getByTestId('phone-video-nav');
  await expect(nav.getByRole('link', { name: /Next video/ })).toBeVisible();
  await expect(page.getByTestId('next-video')).toBeHidden();
  const dialog = await openDialog(page);
  await expect(dialog.getByLabel('What to embed')).toHaveValue('video');
  await expect(dialog.getByLabel('Embed code')).toHaveValue(/\/showcase\/\d+\/video\/\d+\/embed/);
  await dialog.getByLabel('What to embed').selectOption('showcase');
  await expect(dialog.getByLabel('Embed code')).toHaveValue(new RegExp(`/showcase/${grid}/embed"`));
});

test('a password showcase offers sharing to its owner only', async ({ browser, page }) => {
  const viewer = await visitor(browser);
  await viewer.goto(`/showcase/${password}`);
  await viewer.getByPlaceholder('Enter password').fill('northwind');
  await viewer.getByRole('button', { name: 'Submit' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
  await expect(viewer.getByTestId('share-button')).toHaveCount(0);
  expect((await viewer.request.get(`/showcase/${password}/share`)).status()).toBe(403);
  expect(
    (
      await viewer.request.post(`/showcase/${password}/send_message`, {
        data: { user_emails: 'ana@example.com', action: 'send_message' },
      })
    ).status(),
  ).toBe(403);

  await signIn(page, 'owner@vitrine.test', 'vitrine-demo', `/showcase/${password}`);
  await expect(page.locator('header').getByTestId('share-button')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(
    `the dialog passes axe in the ${theme} theme and in German`,
    { tag: '@accessibility' },
    async ({ browser }) => {
      const page = await visitor(browser, { theme, locale: 'de-DE' });
      await page.goto(`/de-DE/showcase/${grid}`);
      const dialog = await openDialog(page);
      await expect(
        dialog.getByRole('heading', { name: 'Northwind Showreel teilen' }),
      ).toBeVisible();
      await dialog.getByLabel('E-Mail-Adressen').fill('kein-gültiger');
      await dialog.getByLabel('E-Mail-Adressen').press('Enter');
      await expect(dialog.getByRole('alert')).toContainText('Keine gültige E-Mail-Adresse');
      await expectAccessible(page);
      // The share page, as the Share button's address gives it.
      await page.goto(`/de-DE/showcase/${grid}/share`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Northwind Showreel teilen' }),
      ).toBeVisible();
      // The captcha loads once someone reaches for the e-mail form.
      await page.getByLabel('E-Mail-Adressen').focus();
      await expect(page.getByText('Ich bin kein Roboter')).toBeVisible();
      await expectAccessible(page);
    },
  );
}

test('without JavaScript the share page sends for a signed-in viewer', async ({ browser }) => {
  const page = await visitor(browser, { javaScriptEnabled: false });
  await page.goto(`/showcase/${grid}`);
  await page.getByTestId('share-button').first().click();
  await expect(page).toHaveURL(new RegExp(`/showcase/${grid}/share$`));
  await expect(
    page.getByText('Sending by email without JavaScript needs you to be signed in.'),
  ).toBeVisible();

  await signIn(page, 'guest@vitrine.test', 'vitrine-demo', `/showcase/${grid}/share`);
  await page.getByLabel('Email addresses').fill('cy@example.net, nope');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('share-notice')).toHaveText('Not a valid email');
  await expect(page.getByLabel('Email addresses')).toHaveValue('cy@example.net, nope');
  await page.getByLabel('Email addresses').fill('cy@example.net');
  await page.getByLabel('Add a message (optional)').fill('From the page');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('share-notice')).toHaveText('Your message was sent.');
  const [mail] = await inbox.waitFor('cy@example.net');
  expect(mail?.subject).toBe('Lena Fischer shared “Northwind Showreel” with you');
  expect(mail?.text).toContain('From the page');
});
