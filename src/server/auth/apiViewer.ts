/** The viewer of an API call: the subject of a valid bearer JWT, else the session's user (SPEC §7). */
export function apiViewerId(locals: App.Locals): number | null {
  return locals.bearerUserId ?? locals.viewer?.user.id ?? null;
}
