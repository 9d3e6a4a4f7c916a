/**
 * Where an island's calls to the app go: beside the page, or, on a page published as a static
 * file (src/lib/staticPage.ts), at the app's origin (APP_URL) that its <html data-app-origin>
 * names. The API answers any origin, without credentials (src/lib/apiCors.ts), so what a
 * stranger may read is read the same from either.
 */
export function appAddress(
  path: string,
  page: { appOrigin: string | undefined; href: string },
): URL {
  return new URL(path, page.appOrigin || page.href);
}

/** The page the island runs in, as appAddress reads it. */
export function currentPage(): { appOrigin: string | undefined; href: string } {
  return { appOrigin: document.documentElement.dataset['appOrigin'], href: location.href };
}
