import type { APIRequestContext } from '@playwright/test';
import { sendFuzzRequest } from '../../scripts/fuzz/send.ts';
import type { FuzzRequest } from '../../scripts/fuzz/requests.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { csrfTokenFrom, signIn } from './session.ts';

/**
 * A client's mistakes answered as such: the right 4xx, in the viewer's language, the error
 * screen for a page and JSON for the API; the groups of 500s a fuzzing probe once found.
 */

const grid = showcaseId('grid');

/** Exactly as written on the wire (fetch would refuse TRACE and resolve the path). */
async function raw(baseURL: string, request: FuzzRequest) {
  const answer = await sendFuzzRequest(new URL(baseURL), request);
  if ('error' in answer) throw new Error(answer.error);
  return answer;
}

async function masterPlaylist(request: APIRequestContext): Promise<string> {
  const html = await (
    await request.get(`/showcase/${grid}/video/${await firstVideo(request)}/embed`)
  ).text();
  return /\/media\/p\/[^"&]+\.m3u8/.exec(html)![0];
}

async function firstVideo(request: APIRequestContext): Promise<number> {
  const body = (await (await request.get(`/api/albums/${grid}/videos?per_page=1`)).json()) as {
    data: { uri: string }[];
  };
  return Number(body.data[0]!.uri.split('/').pop());
}

test.describe('methods a route does not take', () => {
  test('TRACE on a page is 405 with Allow, on the error screen in the viewer’s language', async ({
    page,
    baseURL,
  }) => {
    // The page is in the page cache first: a refused method must not be answered from it.
    await expect
      .poll(async () => (await page.request.get(`/showcase/${grid}`)).headers()['x-vitrine-cache'])
      .toBe('hit');
    const answer = await raw(baseURL!, {
      method: 'TRACE',
      path: `/showcase/${grid}`,
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    expect(answer.status).toBe(405);
    expect(answer.body).toContain('Hier nicht erlaubt');
    const response = await page.request.fetch(`/showcase/${grid}`, { method: 'PROPFIND' });
    expect(response.status()).toBe(405);
    expect(response.headers()['allow']).toBe('GET, HEAD, OPTIONS');
    await page.goto('/error/405');
    await expect(page.getByRole('heading', { name: 'Not allowed here' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an API method the endpoint does not export is 405 JSON with Allow; OPTIONS lists the methods', async ({
    request,
    baseURL,
  }) => {
    const put = await request.put(`/api/albums/${grid}`, { headers: { Origin: baseURL! } });
    expect(put.status()).toBe(405);
    expect(put.headers()['allow']).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    expect(await put.json()).toMatchObject({ status: 405, error: 'Not allowed here' });
    const options = await request.fetch(`/api/users/1`, { method: 'OPTIONS' });
    expect(options.status()).toBe(204);
    expect(options.headers()['allow']).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
  });

  test('resumable uploads keep their own OPTIONS', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    const response = await page.request.fetch('/api/uploads', { method: 'OPTIONS' });
    expect(response.headers()['tus-version']).toContain('1.0.0');
  });

  test('an API address that matches nothing is a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no/such/thing', { headers: { Accept: 'text/html' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404 });
  });
});

test.describe('malformed input', () => {
  test('a page number that is no whole number is 400 JSON from the API', async ({ request }) => {
    const response = await request.get(`/api/albums/${grid}/videos?page=1e20`);
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, error: 'Bad request' });
  });

  test('a NUL in the search text is searched as a space', async ({ request }) => {
    const response = await request.get(`/showcase/${grid}/search?q=gl%00ass`);
    expect(response.status()).toBe(200);
  });

  test('JSON null or an array for a password is 400; a log-in body that is no form is the 400 screen', async ({
    request,
    baseURL,
  }) => {
    const token = await csrfTokenFrom(request, `/showcase/${showcaseId('password')}`);
    for (const body of ['null', '[1]', '"x"']) {
      const response = await request.post(`/showcase/${showcaseId('password')}/auth`, {
        headers: { 'X-XSRF-Token': token, 'Content-Type': 'application/json', Origin: baseURL! },
        data: body,
      });
      expect(response.status(), body).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400 });
    }
    const logIn = await request.post('/log_in', {
      headers: {
        'X-XSRF-Token': token,
        'Content-Type': 'text/plain',
        Origin: baseURL!,
        'Accept-Language': 'fr-FR',
      },
      data: 'email=a',
    });
    expect(logIn.status()).toBe(400);
    expect(await logIn.text()).toContain('Requête incorrecte');
  });

  test('an address whose percent-encoding does not decode is 400', async ({ baseURL }) => {
    expect(
      (await raw(baseURL!, { method: 'GET', path: '/showcase/%E0%A4%A', headers: {} })).status,
    ).toBe(400);
  });

  test('a name that no media can have, inside a signed folder, is 404', async ({
    request,
    baseURL,
  }) => {
    const folder = (await masterPlaylist(request)).replace(/[^/]+$/, '');
    for (const name of ['.hidden', '..%2F..%2Fsecrets', 'a%00b', 'x'.repeat(600)]) {
      const answer = await raw(baseURL!, {
        method: 'GET',
        path: folder + name,
        headers: { Accept: 'application/json' },
      });
      expect(answer.status, name).toBe(404);
    }
  });

  test('an upload for a showcase id past any integer is 400, not 500', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    const { xsrft } = (await (await page.request.get('/api/viewer')).json()) as { xsrft: string };
    const album = Buffer.from('99999999999999999999').toString('base64');
    const response = await page.request.post('/api/uploads', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'X-XSRF-Token': xsrft,
        'Upload-Length': '10',
        'Upload-Metadata': `album ${album}`,
        Origin: new URL(page.url()).origin,
      },
    });
    expect(response.status()).toBe(400);
  });
});

test.describe('the body limit', () => {
  test('a body over the limit is 413, whether declared or streamed', async ({ baseURL }) => {
    const declared = await raw(baseURL!, {
      method: 'POST',
      path: '/settings/set_locale',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: { kind: 'declared', length: 50 * 1024 * 1024 },
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ status: 413, error: 'Too large' });
    const streamed = await raw(baseURL!, {
      method: 'POST',
      path: '/log_in',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'ja-JP' },
      body: { kind: 'chunked', length: 2 * 1024 * 1024 },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain('サイズが大きすぎます');
  });
});
