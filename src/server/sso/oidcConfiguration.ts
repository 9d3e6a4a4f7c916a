/**
 * openid-client Configurations of SSO connections, discovered from each issuer's
 * /.well-known/openid-configuration and kept for an hour, so a sign-in costs no discovery
 * round trip and the provider's keys (JWKS) stay cached between sign-ins.
 */
import * as client from 'openid-client';
import { isLoopbackIssuer, issuerUrl } from './issuerUrl.ts';

/** The connection fields OpenID Connect needs (a row of sso_connections). */
export interface OidcConnection {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const TTL_MS = 60 * 60 * 1000;
const TIMEOUT_SECONDS = 10;
const cache = new Map<
  string,
  { expiresAt: number; configuration: Promise<client.Configuration> }
>();

async function discover({
  issuer,
  clientId,
  clientSecret,
}: OidcConnection): Promise<client.Configuration> {
  const url = issuerUrl(issuer);
  // openid-client refuses http unless told; only a loopback issuer is ever told. (Its
  // @deprecated mark only flags the option as one production should not need.)
  const execute =
    isLoopbackIssuer(url) && url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
  // client_secret_basic: the OpenID Connect default for a registered confidential client.
  // The timeout carries over to every later request of the Configuration.
  return client.discovery(url, clientId, undefined, client.ClientSecretBasic(clientSecret), {
    execute,
    timeout: TIMEOUT_SECONDS,
  });
}

/** The Configuration of a connection; a failed discovery is not kept, so the next sign-in retries. */
export function oidcConfiguration(
  connection: OidcConnection,
  now = Date.now(),
): Promise<client.Configuration> {
  const key = JSON.stringify([connection.issuer, connection.clientId, connection.clientSecret]);
  const known = cache.get(key);
  if (known && known.expiresAt > now) return known.configuration;
  const configuration = discover(connection);
  cache.set(key, { expiresAt: now + TTL_MS, configuration });
  configuration.catch(() => {
    if (cache.get(key)?.configuration === configuration) cache.delete(key);
  });
  return configuration;
}
