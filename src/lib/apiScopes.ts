/**
 * What an API token may do (Vimeo's scope names, each guarding what it guards on Vimeo:
 * `create` new showcases, `edit` videos and showcases, `delete` them). A personal access
 * token or an app's token carries the scopes its owner granted; the site's own JWT and a
 * signed-in session carry all.
 */
export const API_SCOPES = ['public', 'private', 'create', 'edit', 'delete', 'upload'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Whether a request holding `granted` (null: the site's own JWT or session) may do what `needed` guards. */
export function scopeAllows(granted: readonly ApiScope[] | null, needed: ApiScope): boolean {
  return granted === null || granted.includes(needed);
}
