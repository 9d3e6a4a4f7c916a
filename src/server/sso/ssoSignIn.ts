/**
 * SSO sign-in by OpenID Connect, authorization code flow with PKCE, state and nonce:
 * /auth0/connect starts it (beginSsoSignIn), the provider sends the browser back to
 * /auth0/callback (finishSsoSignIn), which checks everything, provisions the account
 * (provisionSsoUser.ts) and opens a session.
 */
import type { APIContext } from 'astro';
import * as client from 'openid-client';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { revokeSession, SESSION_COOKIE } from '../auth/sessions.ts';
import { startSession, TEAM_SIGN_IN_REDIRECT_COOKIE } from '../auth/signIn.ts';
import { getDb } from '../db/client.ts';
import { servedOverHttps, siteOrigin } from '../http/publicOrigin.ts';
import { logger } from '../logger.ts';
import { acceptedSecrets, secret } from '../secrets.ts';
import { oidcConfiguration } from './oidcConfiguration.ts';
import { findSsoConnection, type SsoConnection } from './ssoConnections.ts';
import { identityFromClaims, needsUserInfo } from './ssoIdentity.ts';
import { provisionSsoUser } from './provisionSsoUser.ts';
import { openSsoState, sealSsoState, SSO_STATE_COOKIE, SSO_STATE_TTL_SECONDS } from './ssoState.ts';

type SsoContext = Pick<APIContext, 'cookies' | 'request' | 'url' | 'locals'>;

const SSO_CALLBACK_PATH = '/auth0/callback';
const SCOPE = 'openid email profile';

/** The redirect URI registered at the provider, on the site's own origin. */
function ssoRedirectUri(requestUrl: URL): string {
  return new URL(SSO_CALLBACK_PATH, siteOrigin(requestUrl)).href;
}

/** Remembers the sign-in in the state cookie and answers the provider's authorization URL. */
export async function beginSsoSignIn(
  context: SsoContext,
  connection: SsoConnection,
  returnTo: string,
): Promise<string> {
  const configuration = await oidcConfiguration(connection);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const sealed = sealSsoState(
    {
      codeVerifier,
      state,
      nonce,
      connectionId: connection.id,
      returnTo: safeReturnTo(returnTo),
      expiresAt: Date.now() + SSO_STATE_TTL_SECONDS * 1000,
    },
    secret('session'),
  );
  // Lax: the provider brings the browser back with a top-level GET, which carries it.
  context.cookies.set(SSO_STATE_COOKIE, sealed, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(context.url),
    maxAge: SSO_STATE_TTL_SECONDS,
  });
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: ssoRedirectUri(context.url),
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ui_locales: context.locals.locale,
  }).href;
}

export type SsoOutcome =
  | { ok: true; location: string }
  /** returnTo is known only when the state cookie was genuine. */
  | { ok: false; reason: string; returnTo: string | null };

/** Checks the provider's answer and signs the viewer in; never throws. */
export async function finishSsoSignIn(context: SsoContext): Promise<SsoOutcome> {
  const { cookies, url } = context;
  const sealed = cookies.get(SSO_STATE_COOKIE)?.value;
  const state = acceptedSecrets('session')
    .map((key) => openSsoState(sealed, key))
    .find((opened) => opened !== null);
  // One use: a replayed callback finds no state.
  cookies.delete(SSO_STATE_COOKIE, { path: '/' });
  if (!state) return { ok: false, reason: 'missing or expired state', returnTo: null };
  const returnTo = safeReturnTo(state.returnTo);
  const db = await getDb();
  try {
    const connection = await findSsoConnection(db, state.connectionId);
    if (!connection) return { ok: false, reason: 'connection removed', returnTo };
    const configuration = await oidcConfiguration(connection);
    // The token request must repeat the exact redirect URI, whatever path or host this
    // request arrived on (a locale prefix, a proxy): only the provider's parameters are read.
    const current = new URL(ssoRedirectUri(url));
    current.search = url.search;
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: state.state,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return { ok: false, reason: 'no ID token', returnTo };
    const userInfo =
      needsUserInfo(claims) && configuration.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)
        : {};
    const identity = identityFromClaims(claims, userInfo);
    if (!identity.ok) return { ok: false, reason: identity.reason, returnTo };

    const { userId, created, joined } = await provisionSsoUser(
      db,
      connection.teamId,
      identity.identity,
    );
    // A new session, never the one this browser had (which may belong to someone else).
    await revokeSession(db, cookies.get(SESSION_COOKIE)?.value);
    await startSession(context, db, userId);
    // SPEC §4: the team sign-in redirect cookie is removed after use.
    cookies.delete(TEAM_SIGN_IN_REDIRECT_COOKIE, { path: '/' });
    logger.info({ userId, connectionId: connection.id, created, joined }, 'SSO sign-in');
    return { ok: true, location: returnTo };
  } catch (error) {
    // The provider's error (access_denied…), a bad state or nonce, an unreachable provider.
    const { name, message, code } = error as { name?: string; message?: string; code?: string };
    return {
      ok: false,
      reason: [name, code, message].filter(Boolean).join(': ').slice(0, 300),
      returnTo,
    };
  }
}
