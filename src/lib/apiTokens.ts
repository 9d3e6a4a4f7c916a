/**
 * The shapes of integration credentials and the choices a person makes about them: which
 * scopes a token carries, how long it lives, what a client asks for in the client-credentials
 * grant. No I/O: the server generates, stores and looks them up (src/server/auth/apiTokens.ts).
 */
import { API_SCOPES, type ApiScope } from './apiScopes.ts';

/**
 * Every bearer token Vitrine issues starts so, like GitHub's `ghp_`: a leaked one is
 * recognisable in logs and by secret scanners, and is never mistaken for a JWT.
 */
export const API_TOKEN_PREFIX = 'vit_';
/** An app's client secret, told apart from a token for the same reasons. */
export const CLIENT_SECRET_PREFIX = 'vitsecret_';

/** 32 random bytes in base64url are 43 characters. */
const RANDOM_PART = '[A-Za-z0-9_-]{43}';
const API_TOKEN = new RegExp(`^${API_TOKEN_PREFIX}${RANDOM_PART}$`);

/** Whether `token` has the shape of a token Vitrine issues (not whether it is valid). */
export function isApiTokenShape(token: string): boolean {
  return API_TOKEN.test(token);
}

export const TOKEN_NAME_MAX = 100;

/** A token's or an app's name as typed, trimmed; null when empty or longer than TOKEN_NAME_MAX. */
export function credentialName(raw: string): string | null {
  const name = raw.trim();
  return name.length > 0 && name.length <= TOKEN_NAME_MAX ? name : null;
}

function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/**
 * The scopes a person ticked for a personal access token, in API_SCOPES order. `public` is
 * always granted: every token may read what anybody may. Null when a value is no scope.
 */
export function chosenScopes(values: readonly string[]): ApiScope[] | null {
  if (!values.every(isApiScope)) return null;
  return API_SCOPES.filter((scope) => scope === 'public' || values.includes(scope));
}

/** The lifetimes offered for a personal access token, in days; 'never' keeps it until revoked. */
export const TOKEN_LIFETIMES = ['30', '90', '365', 'never'] as const;
export type TokenLifetime = (typeof TOKEN_LIFETIMES)[number];
export const DEFAULT_TOKEN_LIFETIME: TokenLifetime = '90';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a token created at `now` with the chosen lifetime expires: null for never, undefined for no such choice. */
export function tokenExpiry(choice: string, now: Date): Date | null | undefined {
  if (!(TOKEN_LIFETIMES as readonly string[]).includes(choice)) return undefined;
  return choice === 'never' ? null : new Date(now.getTime() + Number(choice) * DAY_MS);
}

/**
 * Last-used times are written at most once a minute per token: a script calling the API in a
 * loop would otherwise turn every read into a write, and "last used" needs no finer grain.
 */
export const LAST_USED_GRAIN_MS = 60_000;

export function lastUsedIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_GRAIN_MS;
}

/** What an app may hold without a user behind it: it reads what anybody may. */
const APP_SCOPES: readonly ApiScope[] = ['public'];

export type GrantedScopes = { scopes: ApiScope[] } | { invalid: string };

/**
 * The scopes granted for a client-credentials `scope` parameter (space-separated; absent
 * means `public`, as Vimeo's client sends it). A name that is no scope is refused; a known
 * scope that needs a user (private, create, edit, delete, upload) is left out, which RFC 6749 §3.3 allows as
 * long as the answer's `scope` says what was granted.
 */
export function grantedAppScopes(requested: readonly string[] | undefined): GrantedScopes {
  const names = requested ?? ['public'];
  const unknown = names.find((name) => !isApiScope(name));
  if (unknown !== undefined) return { invalid: unknown };
  return { scopes: [...APP_SCOPES] };
}
