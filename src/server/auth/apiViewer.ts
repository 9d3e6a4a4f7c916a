import { scopeAllows } from '../../lib/apiScopes.ts';

/** The viewer of an API call: the subject of a valid bearer JWT, else the session's user (SPEC §7). */
export function apiViewerId(locals: App.Locals): number | null {
  return locals.bearerUserId ?? locals.viewer?.user.id ?? null;
}

/**
 * Who an API call reads as: the viewer when their token may read private things, else nobody
 * (a token holding only the `public` scope sees what anybody sees).
 */
export function apiReaderId(locals: App.Locals): number | null {
  return scopeAllows(locals.bearerScopes, 'private') ? apiViewerId(locals) : null;
}
