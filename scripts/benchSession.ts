// A demo account signed in through the /log_in form, as a browser signs in, for the bench's
// signed-in measures (bench.ts, benchMixed.ts, benchChat.ts).
import { DEMO_PASSWORD } from '../src/server/seed/demoCatalogue.ts';

/** A session's cookies and its XSRF token. */
export interface Session {
  cookie: string;
  xsrf: string;
}

const cookiesOf = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);

export async function signIn(origin: string, email: string): Promise<Session> {
  const form = await fetch(`${origin}/log_in`);
  const token = /name="token" value="([^"]+)"/.exec(await form.text())?.[1];
  if (!token) throw new Error('no token on /log_in');
  const jar = new Map(cookiesOf(form).map((cookie) => [cookie.split('=')[0]!, cookie]));
  const signedIn = await fetch(`${origin}/log_in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: origin,
      Cookie: [...jar.values()].join('; '),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token, email, password: DEMO_PASSWORD, redirect: '/' }),
  });
  if (signedIn.status !== 303) throw new Error(`signing in ${email}: HTTP ${signedIn.status}`);
  for (const cookie of cookiesOf(signedIn)) jar.set(cookie.split('=')[0]!, cookie);
  const cookie = [...jar.values()].join('; ');
  const viewer = (await (
    await fetch(`${origin}/api/viewer`, { headers: { Cookie: cookie } })
  ).json()) as { xsrft?: string };
  if (!viewer.xsrft) throw new Error(`signing in ${email}: no session`);
  return { cookie, xsrf: viewer.xsrft };
}
