/**
 * The client-credentials grant as Vimeo's client sends it (Basic authentication, a form body
 * with grant_type and scope), against a real database, with RFC 6749's errors.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('client-credentials');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const { registerApp } = await import('./apiApps.ts');
const { resolveApiToken } = await import('./apiTokens.ts');
const { APP_TOKEN_LIFETIME_SECONDS, clientCredentialsGrant } =
  await import('./clientCredentialsGrant.ts');
const { translator } = await import('../i18n/translator.ts');
const db = await getDb();

const [owner] = await db
  .insert(users)
  .values({ email: 'apps@example.test', name: 'App Owner' })
  .returning({ id: users.id });
const app = await registerApp(db, owner!.id, 'Portfolio site');

let clients = 0;
/** Each test stands for a client of its own, so failures counted in one do not limit another. */
const nextClient = () => `203.0.113.${++clients}`;

interface GrantRequest {
  body?: string;
  basic?: [string, string] | null;
  contentType?: string;
  client?: string;
  locale?: 'en' | 'de-DE';
}

function grant({
  body = 'grant_type=client_credentials&scope=public',
  basic = [app.clientId, app.clientSecret],
  contentType = 'application/x-www-form-urlencoded',
  client = nextClient(),
  locale = 'en',
}: GrantRequest = {}) {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
  };
  if (basic) headers['Authorization'] = `Basic ${Buffer.from(basic.join(':')).toString('base64')}`;
  const request = new Request('http://localhost/api/oauth/authorize/client', {
    method: 'POST',
    headers,
    body,
  });
  return clientCredentialsGrant({
    request,
    clientAddress: client,
    locals: { t: translator(locale), locale } as App.Locals,
  });
}

describe('the client-credentials grant', () => {
  it("answers an app's id and secret with a public token that acts for nobody", async () => {
    const response = await grant();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^vit_/),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      scope: 'public',
      app: { name: 'Portfolio site' },
    });
    // Counted down in whole seconds from the stored expiry, thirty days ahead.
    expect(body.expires_in).toBeLessThanOrEqual(APP_TOKEN_LIFETIME_SECONDS);
    expect(body.expires_in).toBeGreaterThan(APP_TOKEN_LIFETIME_SECONDS - 24 * 60 * 60);
    expect(await resolveApiToken(db, body.access_token)).toEqual({
      userId: null,
      scopes: ['public'],
    });
  });

  it('gives public when no scope is asked for, and takes the credentials from the body too', async () => {
    const response = await grant({
      basic: null,
      body: `grant_type=client_credentials&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).scope).toBe('public');
  });

  it('narrows scopes that need a user to public, and says so', async () => {
    const response = await grant({
      body: 'grant_type=client_credentials&scope=public+private+upload',
    });
    expect((await response.json()).scope).toBe('public');
  });

  it('refuses a scope that does not exist with invalid_scope, in the caller’s language', async () => {
    const response = await grant({
      body: 'grant_type=client_credentials&scope=public+purchased',
      locale: 'de-DE',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_scope',
      error_description: expect.stringContaining('purchased'),
      message: 'Eine der angefragten Berechtigungen gibt es nicht.',
    });
  });

  it('refuses a wrong secret with invalid_client, 401 and a Basic challenge', async () => {
    const response = await grant({ basic: [app.clientId, 'vitsecret_wrong'] });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await response.json()).toMatchObject({
      error: 'invalid_client',
      message: "The app's client identifier or secret is wrong.",
    });
  });

  it('refuses an unknown client id with invalid_client', async () => {
    const response = await grant({ basic: ['0'.repeat(40), app.clientSecret] });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('invalid_client');
  });

  it('refuses a grant type it does not know with unsupported_grant_type', async () => {
    const response = await grant({ body: 'grant_type=urn:example:magic' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('unsupported_grant_type');
  });

  it('refuses another grant for an app that may only use client credentials', async () => {
    const response = await grant({ body: 'grant_type=password&username=a&password=b' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('unauthorized_client');
  });

  it('refuses a body that is not a form with invalid_request', async () => {
    const response = await grant({
      contentType: 'application/json',
      body: '{"grant_type":"client_credentials"}',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });

  it('pauses a client after twenty failed authentications, even with the right secret', async () => {
    const client = nextClient();
    for (let i = 0; i < 20; i += 1)
      expect((await grant({ client, basic: [app.clientId, 'vitsecret_wrong'] })).status).toBe(401);
    const paused = await grant({ client });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await grant()).status).toBe(200);
  });
});
