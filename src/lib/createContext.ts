/**
 * The create-context cookie: set when someone starts creating videos for a Facebook
 * Business account (/create/templates?context=facebook_business), read by the blue banner.
 */
export const CREATE_CONTEXT_COOKIE = 'create_context';
export const FACEBOOK_BUSINESS = 'facebook_business';

/** SPEC §9: the cookie is cleared by a past max-age, not by an expiry date. */
export function clearedCookie(name: string): string {
  return `${name}=; Max-Age=-1; Path=/; SameSite=Lax`;
}
