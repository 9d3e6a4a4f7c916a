import { expect, type APIRequestContext, type Page } from '@playwright/test';

let signIns = 0;

/**
 * Signs in through the real /log_in form, as a person would. Each sign-in comes from a client
 * of its own (the e2e server trusts X-Forwarded-For), as the people a suite stands for would:
 * the whole suite from one address would pass the per-client sign-in limit, which is the
 * server doing its job.
 */
export async function signIn(
  page: Page,
  email: string,
  password = 'vitrine-demo',
  redirect = '/',
): Promise<void> {
  signIns += 1;
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `198.18.${(process.pid + signIns) % 250}.${signIns % 250}`,
  });
  await page.goto(`/log_in?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-name')).toBeVisible();
  // Back to the context's own headers (some tests stand for a client of their choosing).
  await page.setExtraHTTPHeaders({});
}

/** The CSRF token a page hands its forms (the password screen renders one for anybody). */
export async function csrfTokenFrom(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const match = /name="token" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no token on ${path}`);
  return match[1]!;
}

/** Signs a request context in through the /log_in form; answers the session's token, JWT and user id. */
export async function signInRequest(
  api: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<{ xsrft: string; jwt: string; userId: number }> {
  const token = await csrfTokenFrom(api, '/log_in');
  const signedIn = await api.post('/log_in', {
    form: { token, email, password: 'vitrine-demo', redirect: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(303);
  return (await (await api.get('/api/viewer')).json()) as {
    xsrft: string;
    jwt: string;
    userId: number;
  };
}
