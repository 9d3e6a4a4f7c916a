/**
 * The OAuth 2 client-credentials grant (RFC 6749 §4.4) as Vimeo's clients call it:
 * `POST /oauth/authorize/client` with the app's id and secret in Basic authentication (or in
 * the body, §2.3.1), `grant_type=client_credentials` and a space-separated `scope`. The
 * answer is `{ access_token, token_type, expires_in, scope, app }`; errors are §5.2's
 * `{ error, error_description }` (`invalid_client` 401 with WWW-Authenticate when Basic was
 * used, `invalid_scope`, `unsupported_grant_type` 400), plus a `message` in the caller's
 * language, since the description must stay US-ASCII.
 *
 * @node-oauth/oauth2-server does the protocol; this module is its model (our apps and
 * tokens) and the translation between Web Request/Response and its plain objects.
 */
import type { APIContext } from 'astro';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { ApiScope } from '../../lib/apiScopes.ts';
import { API_TOKEN_PREFIX, grantedAppScopes } from '../../lib/apiTokens.ts';
import { getDb } from '../db/client.ts';
import { clientKey } from '../rateLimit/clientKey.ts';
import { LIMITS } from '../rateLimit/limits.ts';
import { consume, peek } from '../rateLimit/rateLimiter.ts';
import { tooManyRequestsResponse } from '../rateLimit/tooManyRequests.ts';
import { authenticateClient } from './apiApps.ts';
import { randomCredential, saveAppToken } from './apiTokens.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

/**
 * Thirty days. Vimeo's own client-credentials tokens never expire, and scripts keep them;
 * a month spares those scripts while a leaked token still dies on its own.
 */
export const APP_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

const MESSAGE_KEYS: Record<string, TranslationKey> = {
  invalid_request: 'apiTokens.grantInvalidRequest',
  invalid_client: 'apiTokens.grantInvalidClient',
  invalid_scope: 'apiTokens.grantInvalidScope',
  unsupported_grant_type: 'apiTokens.grantUnsupported',
  unauthorized_client: 'apiTokens.grantUnsupported',
};

interface AppClient extends OAuth2Server.Client {
  appId: number;
  name: string;
}

/**
 * The library types its model for every grant, authenticate() included; this server only
 * issues tokens here (src/server/auth/bearer.ts reads them), so getAccessToken is left out.
 */
const model: Omit<OAuth2Server.ClientCredentialsModel, 'getAccessToken'> = {
  async getClient(clientId, clientSecret) {
    const app = await authenticateClient(await getDb(), clientId, clientSecret);
    return (
      app &&
      ({
        id: clientId,
        grants: ['client_credentials'],
        appId: app.id,
        name: app.name,
      } satisfies AppClient)
    );
  },
  // An app's token acts for no user; the library only asks for something truthy.
  getUserFromClient: async () => ({}),
  async validateScope(_user, _client, scope) {
    const granted = grantedAppScopes(scope);
    if ('invalid' in granted)
      throw new OAuth2Server.InvalidScopeError(
        `Invalid scope: \`${granted.invalid}\` is no scope of this API`,
      );
    return granted.scopes;
  },
  generateAccessToken: async () => randomCredential(API_TOKEN_PREFIX),
  async saveToken(token, client) {
    const app = client as AppClient;
    const expiresAt =
      token.accessTokenExpiresAt ?? new Date(Date.now() + APP_TOKEN_LIFETIME_SECONDS * 1000);
    await saveAppToken(
      await getDb(),
      app.appId,
      token.accessToken,
      (token.scope ?? []) as ApiScope[],
      expiresAt,
    );
    return { ...token, accessTokenExpiresAt: expiresAt, client, user: {}, app: { name: app.name } };
  },
};

const server = new OAuth2Server({
  model: model as OAuth2Server.ClientCredentialsModel,
  accessTokenLifetime: APP_TOKEN_LIFETIME_SECONDS,
  // Vimeo's answer names the app the token belongs to.
  allowExtendedTokenAttributes: true,
});

type GrantContext = Pick<APIContext, 'request' | 'clientAddress' | 'locals'>;

export async function clientCredentialsGrant({
  request,
  clientAddress,
  locals,
}: GrantContext): Promise<Response> {
  const client = clientKey(clientAddress);
  const failures = await peek('clientAuthPerClient', client);
  if (failures.hits >= LIMITS.clientAuthPerClient.points) {
    return tooManyRequestsResponse({
      retryAfterSeconds: failures.retryAfterSeconds,
      t: locals.t,
      locale: locals.locale,
    });
  }

  const url = new URL(request.url);
  const isForm = (request.headers.get('content-type') ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
  const body = isForm ? Object.fromEntries(new URLSearchParams(await request.text())) : {};
  const oauthRequest = new OAuth2Server.Request({
    headers: Object.fromEntries(request.headers),
    method: request.method,
    query: Object.fromEntries(url.searchParams),
    body,
  });
  const oauthResponse = new OAuth2Server.Response();
  try {
    await server.token(oauthRequest, oauthResponse);
  } catch (error) {
    if (!(error instanceof OAuth2Server.OAuthError)) throw error;
    const key = MESSAGE_KEYS[error.name];
    // server_error wraps what went wrong below (the database, say), which the error classifier answers.
    if (!key) throw (error as { inner?: unknown }).inner ?? error;
    if (error.name === 'invalid_client') await consume('clientAuthPerClient', client);
    // Built from the error itself: the library leaves the response untouched for the checks
    // it makes before its own error handling (method, content type).
    oauthResponse.status = error.code;
    oauthResponse.body = {
      error: error.name,
      error_description: error.message,
      message: locals.t(key),
    };
  }
  const headers = new Headers(oauthResponse.headers);
  headers.set('Cache-Control', 'no-store');
  headers.set('Content-Language', locals.locale);
  return Response.json(oauthResponse.body, { status: oauthResponse.status ?? 200, headers });
}
