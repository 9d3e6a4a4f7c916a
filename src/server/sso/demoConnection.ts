/**
 * The demo team's SSO connection, seeded only when all three variables are set:
 * DEMO_SSO_ISSUER (the OpenID provider's issuer URL; http only on loopback),
 * DEMO_SSO_CLIENT_ID and DEMO_SSO_CLIENT_SECRET (the client registered there, with the
 * redirect URI {PUBLIC_URL or origin}/auth0/callback). The e2e run points them at its own
 * provider (tests/e2e/oidcProvider.mjs).
 */
import { issuerUrl } from './issuerUrl.ts';

export interface DemoSsoConnection {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export function demoSsoConnectionFromEnv(
  env: Record<string, string | undefined>,
): DemoSsoConnection | null {
  const issuer = env['DEMO_SSO_ISSUER']?.trim();
  const clientId = env['DEMO_SSO_CLIENT_ID']?.trim();
  const clientSecret = env['DEMO_SSO_CLIENT_SECRET']?.trim();
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error(
      'Invalid configuration:\n  DEMO_SSO_ISSUER, DEMO_SSO_CLIENT_ID and DEMO_SSO_CLIENT_SECRET must be set together',
    );
  }
  // Fails here, at seed time, rather than at the first sign-in.
  issuerUrl(issuer);
  return { name: `Demo SSO (${new URL(issuer).host})`, issuer, clientId, clientSecret };
}
