/** The facts SPEC §6's search visibility rules need about a request. */
import type { SearchAudience } from '../../lib/searchVisibility.ts';
import { config } from '../config.ts';

export function searchAudience(locals: App.Locals): SearchAudience {
  const { PUBLIC_SEARCH, SEARCH_RESTRICTED_COUNTRIES } = config();
  const country = locals.geo.country;
  return {
    signedIn: locals.viewer !== null,
    publicSearchEnabled: PUBLIC_SEARCH,
    enterprise: locals.viewer?.user.hasEnterprise ?? false,
    restrictedRegion: country !== undefined && SEARCH_RESTRICTED_COUNTRIES.includes(country),
  };
}
