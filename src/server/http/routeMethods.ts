/**
 * Which methods a route answers, for 405 and its Allow header. An endpoint answers the
 * methods it exports (GET also answers HEAD, as Astro does; ALL answers everything); a page
 * is shown on GET and HEAD, and the pages holding a form without JavaScript also take POST.
 * An OPTIONS the route does not export itself is answered by the request guard.
 */
import { ROUTE_METHODS } from './malformedRequest.ts';

type RouteModule = Record<string, unknown>;

const endpoints = import.meta.glob<RouteModule>([
  '/src/pages/**/*.ts',
  '!/src/pages/**/_*.ts',
  '!/src/pages/**/*.test.ts',
]);

/** '/src/pages/api/albums/[albumId].ts' → '/api/albums/[albumId]', as Astro's routePattern. */
export function routePatternOf(file: string): string {
  const route = file
    .replace(/^\/src\/pages/, '')
    .replace(/\.(ts|astro)$/, '')
    .replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

const endpointByPattern = new Map(
  Object.entries(endpoints).map(([file, load]) => [routePatternOf(file), load]),
);

/** Pages that also take a form post (their frontmatter reads `Astro.request.method === 'POST'`). */
export const FORM_PAGES: ReadonlySet<string> = new Set([
  '/auth',
  '/live-chat/[roomId]',
  '/invitations/[token]',
  '/log_in',
  '/manage/events',
  '/manage/events/[clipId]',
  '/manage/folders',
  '/manage/folders/[folderId]',
  '/manage/showcases',
  '/manage/showcases/[albumId]',
  '/manage/showcases/[albumId]/embed',
  '/manage/team',
  '/manage/videos',
  '/manage/videos/[clipId]',
  '/manage/videos/[clipId]/privacy',
  '/manage/videos/[clipId]/review',
  '/password_reset',
  '/password_reset/[token]',
  '/review/[token]',
  '/settings',
  '/settings/password',
  '/settings/sessions',
  '/settings/tokens',
  '/settings/billing/membership_plan/optout',
  '/showcase/[albumId]/auth',
  '/showcase/[albumId]/share',
  '/sign_up',
]);

/** The methods of an endpoint module's exports; null when it exports ALL. */
export function exportedMethods(module: RouteModule): string[] | null {
  if ('ALL' in module) return null;
  return ROUTE_METHODS.filter(
    (method) => method in module || (method === 'HEAD' && 'GET' in module),
  );
}

/** The methods `routePattern` answers; null when it answers every method. */
export async function allowedMethods(routePattern: string): Promise<string[] | null> {
  const load = endpointByPattern.get(routePattern);
  if (load) return exportedMethods(await load());
  return FORM_PAGES.has(routePattern) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}
