/**
 * The routes the fuzzer aims at: every file under src/pages as its route template, plus the
 * addresses SPEC §2 and §7 name (some have no page here and must answer 404, not fail).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A route template with Astro's brackets: '/showcase/[albumId]/video/[videoId]'. */
export interface RouteTemplate {
  template: string;
  /** Methods the route is meant to answer; the fuzzer also tries every other one. */
  methods: readonly string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const EXPORTED = /export const (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL)\b/g;

/** Route templates of src/pages, with the methods an endpoint exports (pages: GET and POST). */
function pageRoutes(pagesDir: string, read: (file: string) => string): RouteTemplate[] {
  return walk(pagesDir)
    .filter(
      (file) =>
        /\.(astro|ts)$/.test(file) &&
        !path.basename(file).startsWith('_') &&
        !file.endsWith('.test.ts'),
    )
    .map((file) => {
      const route =
        '/' +
        path
          .relative(pagesDir, file)
          .split(path.sep)
          .join('/')
          .replace(/\.(astro|ts)$/, '')
          .replace(/(^|\/)index$/, '');
      const methods = file.endsWith('.ts')
        ? [...read(file).matchAll(EXPORTED)].map((m) => m[1]!)
        : ['GET', 'POST'];
      return {
        template: route === '/' ? '/' : route.replace(/\/$/, ''),
        methods: methods.includes('ALL')
          ? ['GET', 'POST', 'PATCH', 'HEAD', 'OPTIONS', 'DELETE']
          : methods,
      };
    });
}

/** SPEC §2 routes and §7 calls, as this server serves them (the API under /api). */
const SPEC_ROUTES: readonly RouteTemplate[] = [
  { template: '/', methods: ['GET'] },
  { template: '/showcase/[albumId]', methods: ['GET'] },
  { template: '/showcase/[albumId]/video/[videoId]', methods: ['GET'] },
  { template: '/showcase/[albumId]/video/[videoId]/embed', methods: ['GET'] },
  { template: '/showcase/[albumId]/embed', methods: ['GET'] },
  { template: '/showcase/[albumId]/embed2', methods: ['GET'] },
  { template: '/showcase/[albumId]/authorize', methods: ['GET'] },
  { template: '/showcase/[albumId]/password', methods: ['GET'] },
  { template: '/showcase/[albumId]/auth', methods: ['GET', 'POST'] },
  { template: '/showcase/[albumId]/send_message', methods: ['POST'] },
  { template: '/auth', methods: ['GET', 'POST'] },
  { template: '/log_in', methods: ['GET', 'POST'] },
  { template: '/auth0/connect', methods: ['GET'] },
  { template: '/offsite_redirect', methods: ['GET'] },
  { template: '/live-chat/[id]', methods: ['GET'] },
  { template: '/[clipId]', methods: ['GET'] },
  { template: '/stock', methods: ['GET'] },
  { template: '/stock/collection/[id]', methods: ['GET'] },
  { template: '/stock/search', methods: ['GET'] },
  { template: '/manage/showcases/[albumId]', methods: ['GET'] },
  { template: '/manage/videos', methods: ['GET', 'POST'] },
  { template: '/manage/videos/[clipId]/privacy', methods: ['GET'] },
  { template: '/upgrade', methods: ['GET'] },
  { template: '/create/templates', methods: ['GET'] },
  { template: '/settings', methods: ['GET', 'POST'] },
  { template: '/settings/set_locale', methods: ['POST'] },
  { template: '/settings/billing/membership_plan/optout', methods: ['GET', 'POST'] },
  { template: '/api/albums/[albumId]', methods: ['GET'] },
  { template: '/api/albums/[albumId]/videos', methods: ['GET'] },
  { template: '/api/albums/[albumId]/videos/[videoId]', methods: ['GET'] },
  { template: '/api/live_chat/[roomId]/status', methods: ['GET'] },
  { template: '/api/stock/[clipId]/download_url', methods: ['GET'] },
  { template: '/api/cart/stock', methods: ['GET', 'POST'] },
  { template: '/api/stocks/clips', methods: ['GET'] },
  { template: '/api/users/[userId]/purchases/stocks/[clipId]', methods: ['POST'] },
  { template: '/api/users/[userId]/teams', methods: ['GET'] },
  { template: '/api/users/[userId]', methods: ['GET', 'PATCH', 'DELETE'] },
];

/** Both lists, each template once. */
export function allRoutes(pagesDir: string, read: (file: string) => string): RouteTemplate[] {
  const byTemplate = new Map<string, RouteTemplate>();
  for (const route of [...pageRoutes(pagesDir, read), ...SPEC_ROUTES]) {
    const known = byTemplate.get(route.template);
    byTemplate.set(
      route.template,
      known
        ? { template: route.template, methods: [...new Set([...known.methods, ...route.methods])] }
        : route,
    );
  }
  return [...byTemplate.values()].sort((a, b) => a.template.localeCompare(b.template));
}
