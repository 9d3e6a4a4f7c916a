/**
 * Signed-in showcase pages joined from a body their class shares (src/server/showcases/
 * sharedBodies.ts): whoever asks, in every layout and on a video's view, the page shows them
 * their own name, forms carrying their own token, a player frame with their own credentials,
 * and what their role lets them do, never another viewer's; a follow, a sign-out and a team
 * switch show at once.
 */
import { request as newRequest, type APIRequestContext } from '@playwright/test';
import { expect, showcaseId, test } from './fixtures.ts';
import { signInRequest } from './session.ts';

interface Viewer {
  name: string;
  api: APIRequestContext;
  xsrft: string;
  userId: number;
}

const origin = `http://127.0.0.1:${process.env['E2E_PORT'] ?? 4455}`;
let clients = 0;

async function signedIn(email: string, name: string): Promise<Viewer> {
  clients += 1;
  // A client of its own, as each person is: the sign-in limit counts by client address.
  const api = await newRequest.newContext({
    baseURL: origin,
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${process.pid % 250}.${clients}` },
  });
  const { xsrft, userId } = await signInRequest(api, origin, email);
  return { name, api, xsrft, userId };
}

const accountName = (html: string) =>
  /data-testid="account-name"[^>]*>\s*([^<]*?)\s*</.exec(html)?.[1] ?? null;
const formTokens = (html: string) =>
  [...html.matchAll(/name="token" value="([^"]+)"/g)].map((match) => match[1]);
/** The users the player frame's tokens name (the `sub` of each `jwt=` in the page). */
const frameUsers = (html: string) =>
  [...html.matchAll(/jwt=([\w-]+\.([\w-]+)\.[\w-]+)/g)].map(
    (match) => (JSON.parse(Buffer.from(match[2]!, 'base64url').toString()) as { sub: string }).sub,
  );

/** What a page shows of its viewer, beside whether it was joined from a shared body. */
async function viewOf(viewer: Viewer, path: string) {
  const response = await viewer.api.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return {
    joined: response.headers()['x-vitrine-cache'] === 'joined',
    name: accountName(html),
    tokens: [...new Set(formTokens(html))],
    frameUsers: [...new Set(frameUsers(html))],
    ownerBar: html.includes('data-testid="owner-bar"'),
    follows: /name="action" value="unfollow"/.test(html),
    html,
  };
}

test.describe('signed-in showcase pages joined from their class’s body', () => {
  test('show each viewer only their own, in every layout and on a video’s view', async () => {
    test.setTimeout(120_000);
    const [member, guest, owner] = await Promise.all([
      signedIn('member@vitrine.test', 'Sofia Alves'),
      signedIn('guest@vitrine.test', 'Lena Fischer'),
      signedIn('owner@vitrine.test', 'Olivia Okafor'),
    ]);
    const showcases = ['grid', 'player', 'featured', 'live', 'dark'].map(
      (key) => `/showcase/${showcaseId(key)}`,
    );
    const grid = await member.api.get(showcases[0]!);
    const video = /href="(\/showcase\/\d+\/video\/\d+)[?"]/.exec(await grid.text())![1]!;
    const pages = [...showcases, video];
    // The guest's top bar is known once any page of theirs rendered.
    await viewOf(guest, `/showcase/${showcaseId('empty')}`);

    for (const path of pages) {
      for (const viewer of [member, guest, owner]) {
        const view = await viewOf(viewer, path);
        expect(view.name, path).toBe(viewer.name);
        expect(view.tokens, path).toEqual([viewer.xsrft]);
        for (const other of [member, guest, owner].filter((someone) => someone !== viewer))
          expect(view.html, `${path} as ${viewer.name}`).not.toContain(other.xsrft);
        if (path === video) expect(view.frameUsers).toEqual([String(viewer.userId)]);
        expect(view.ownerBar, `${path} as ${viewer.name}`).toBe(viewer === owner);
      }
      // The guest is joined to their class's body (a page change in between forgets it: the
      // next view renders it again).
      await expect
        .poll(async () => (await viewOf(guest, path)).joined, { message: path })
        .toBe(true);
    }

    const anonymous = await (await newRequest.newContext({ baseURL: origin })).get(pages[0]!);
    const anonymousHtml = await anonymous.text();
    expect(accountName(anonymousHtml)).toBeNull();
    for (const viewer of [member, guest, owner]) expect(anonymousHtml).not.toContain(viewer.xsrft);
  });

  test('show a follow, a sign-out and a team switch at once', async () => {
    const [member, guest, admin] = await Promise.all([
      signedIn('member@vitrine.test', 'Sofia Alves'),
      signedIn('guest@vitrine.test', 'Lena Fischer'),
      signedIn('admin@vitrine.test', 'Arjun Mehta'),
    ]);
    const albumId = showcaseId('featured');
    const path = `/showcase/${albumId}`;
    await viewOf(member, path);
    await expect.poll(async () => (await viewOf(guest, path)).joined).toBe(true);

    const follow = (viewer: Viewer, action: 'follow' | 'unfollow') =>
      viewer.api.post(`${path}/follow`, {
        form: { token: viewer.xsrft, action, return_to: path },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
    expect((await follow(member, 'follow')).status()).toBe(303);
    try {
      // The change forgot every viewer's top bar: the guest's is rendered again on another page,
      // so that theirs is joined to whatever body the member's view leaves.
      await viewOf(guest, `/showcase/${showcaseId('empty')}`);
      expect((await viewOf(member, path)).follows).toBe(true);
      expect((await viewOf(guest, path)).follows).toBe(false);
    } finally {
      await follow(member, 'unfollow');
    }

    expect(
      (
        await guest.api.post('/log_out', {
          form: { token: guest.xsrft },
          headers: { Origin: origin },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(303);
    const signedOut = await viewOf(guest, path);
    expect(signedOut.name).toBeNull();
    expect(signedOut.html).not.toContain(guest.xsrft);

    // Working in the owner's team account, the admin's top bar says so at once.
    const notice = /working in Olivia Okafor(&#39;|')s team account/;
    expect((await viewOf(admin, path)).html).not.toMatch(notice);
    const switched = await admin.api.post('/manage/videos?action=SWITCH_TEAMS', {
      form: { token: admin.xsrft, team_owner_id: '1' },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(switched.status()).toBe(303);
    const after = await viewOf(admin, path);
    expect(after.name).toBe(admin.name);
    expect(after.html).toMatch(notice);
  });
});
