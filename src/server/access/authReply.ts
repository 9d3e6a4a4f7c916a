/**
 * The answers of the auth calls of SPEC §7: GET /showcase/{id}/auth gives error_code,
 * hashed_pass and metadata; a password check gives password, error_code and hashed_pass.
 */
import type { AccessCode } from '../../lib/albumAccess.ts';
import type { SignInBranding } from '../showcases/signInBranding.ts';
import type { ShowcaseWithOwner } from '../showcases/showcaseQueries.ts';

export interface AuthMetadata {
  name: string;
  url: string;
  creator: string | null;
  brand_color: string;
  has_sso: boolean;
  custom_logo: unknown;
  id: number;
  theme: string;
  domain: string | null;
  sso_connections_count: number;
  layout: string | null;
}

export interface AuthReply {
  error_code: AccessCode | null;
  hashed_pass: string | null;
  metadata: AuthMetadata | null;
}

/**
 * Metadata names the showcase only to a viewer who may open it; otherwise only the
 * branding the sign-in screen shows (the team's name), or nothing at all.
 */
export function authMetadata(
  found: ShowcaseWithOwner | null,
  allowed: boolean,
  branding: SignInBranding | null,
): AuthMetadata | null {
  if (found && allowed) {
    const { showcase, owner } = found;
    return {
      name: showcase.name,
      url: `/showcase/${showcase.id}`,
      creator: owner.name,
      brand_color: showcase.brandColor,
      has_sso: branding?.ssoEnabled ?? false,
      custom_logo: showcase.customLogo,
      id: showcase.id,
      theme: showcase.theme,
      domain: showcase.domain,
      sso_connections_count: branding?.ssoConnectionsCount ?? 0,
      layout: showcase.layout,
    };
  }
  if (!branding) return null;
  return {
    name: branding.name,
    url: `/showcase/${branding.id}`,
    creator: null,
    brand_color: branding.brandColor,
    has_sso: branding.ssoEnabled,
    custom_logo: branding.customLogo,
    id: branding.id,
    theme: branding.theme,
    domain: branding.domain,
    sso_connections_count: branding.ssoConnectionsCount,
    layout: null,
  };
}

export function authJson(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, {
    status,
    headers: { 'Cache-Control': 'private, no-store', ...headers },
  });
}
