import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Signs in through the real /log_in form, as a person would. */
export async function signIn(page: Page, email: string, password = 'vitrine-demo', redirect = '/'): Promise<void> {
  await page.goto(`/log_in?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-name')).toBeVisible();
}

/** The CSRF token a page hands its forms (the password screen renders one for anybody). */
export async function csrfTokenFrom(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const match = /name="token" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no token on ${path}`);
  return match[1]!;
}
