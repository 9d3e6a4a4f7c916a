/**
 * A page the app rendered for a stranger, made into a file of the static publication
 * (src/server/publish/): every address in it either lies in the publication or points at the
 * app's origin.
 *
 * - Signed, expiring media links become stable unsigned paths under MEDIA_FILES (the publisher
 *   copies their bytes there); an HLS folder keeps its layout, so relative playlists resolve.
 * - oEmbed discovery links point at the static answer beside the page (publishPlan.ts).
 * - A grid's ?page=n links become /page/n paths, which any static server maps.
 * - The language picker's form becomes one link per locale, which needs no server.
 * - Any other link, form or frame to an address that is not published goes to the app's
 *   origin (sign-in, search, share, the studio), or stays root-relative when the app and the
 *   publication share one host.
 * - The page names the app's origin for its islands' calls (<html data-app-origin>,
 *   src/lib/appAddress.ts) and loads THEME_SCRIPT, which keeps the theme toggle's choice in the
 *   browser: the toggle's form posts to the app only with JavaScript off.
 * - The moment of the render (the live status island's renderedAt) becomes 0, "no moment in
 *   particular": a published page is read long after it was written, so the island counts
 *   from the browser's clock and asks for the status at once (src/islands/LiveStatus/), and
 *   the same data publishes the same bytes.
 */
import type { Locale } from './domain.ts';
import { isLocale, localizePath, splitLocalePath } from './localeNegotiation.ts';
import { gridPageAddress, oembedAddress } from './publishPlan.ts';

/** The script of the theme toggle on published pages (src/server/publish/themeScript.ts). */
export const THEME_SCRIPT = '/published-theme.js';

/** Where the media of published pages are kept, by storage key. */
export const MEDIA_FILES = '/media-files/';

export interface StaticPageOptions {
  /** The site's origin: absolute links to it are the publication's own. */
  siteOrigin: string;
  /** The app's origin, for what is not published; null when both share one host. */
  appOrigin: string | null;
  /** The page's address without its locale prefix (the language links lead to it in each locale). */
  path: string;
  /** Whether a root-relative path (no query) lies in the publication. */
  isPublished(path: string): boolean;
}

/** A media file a page names: its stable path, and the signed link the app answers it at. */
export interface PageMedia {
  stable: string;
  signed: string;
}

export interface StaticPage {
  html: string;
  media: PageMedia[];
  /** Stable picture paths (/thumbnails/…) the page shows. */
  thumbnails: string[];
}

// An ampersand as it stands in markup, in a raw string, or escaped in JSON.
const AMP = '(?:&amp;|&|\\\\u0026)';
const KEY = `[^"'\\s?#&<>\\\\]+`;
/** /media/p/{exp}/{sig}/{folder}/{file}: a signed folder (src/server/delivery/signedFolder.ts). */
const SIGNED_FOLDER = new RegExp(`/media/p/\\d+/[A-Za-z0-9_-]+/(${KEY})`, 'g');
/** /media/{key}?exp=&sig=[&dl=]: a signed file (src/server/delivery/signedUrl.ts). */
const SIGNED_FILE = new RegExp(
  `/media/(${KEY})\\?exp=(\\d+)${AMP}sig=([A-Za-z0-9_-]+)(?:${AMP}dl=([^"'\\s&<>\\\\]*))?`,
  'g',
);
const THUMBNAIL = /\/thumbnails\/[A-Za-z0-9_-]+\.jpg/g;
const OEMBED_LINK =
  /(?:https?:\/\/[^"'/\s]+)?\/oembed\?url=([^"'&\s]+)(?:(?:&amp;|&)format=(json|xml))?/g;
const LANGUAGE_FORM =
  /<form method="post" action="\/settings\/set_locale"([^>]*)>([\s\S]*?)<\/form>/g;
const LINK_ATTRIBUTE = /\b(href|src|action|formaction|poster)="([^"]*)"/g;
const GRID_PAGE = /^(\/showcase\/\d+)$/;
const RENDERED_AT = /(renderedAt&quot;:\[0,)\d+\]/g;
const ISLAND = /<astro-island\b[^>]*>/g;
const ISLAND_ID = /\buid="[^"]*"/;

/** FNV-1a of `text`, in base 36: an island's id that follows from its published props. */
function stableId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `p${(hash >>> 0).toString(36)}`;
}

/**
 * Zeroes renderedAt, and gives each island an id that follows from its tag as published.
 * Astro derives the id from the markup as rendered, which holds the loopback origin and signed
 * links: it would change from one run to the next, and with it every page, though the
 * browser's island script never reads it.
 */
function stableIslands(html: string): string {
  return html.replace(ISLAND, (tag) => {
    const zeroed = tag.replace(RENDERED_AT, '$10]');
    return zeroed.replace(ISLAND_ID, `uid="${stableId(zeroed.replace(ISLAND_ID, ''))}"`);
  });
}

function rewriteMedia(html: string, media: PageMedia[]): string {
  const folders = html.replace(SIGNED_FOLDER, (signed, key: string) => {
    media.push({ stable: `${MEDIA_FILES}${key}`, signed });
    return `${MEDIA_FILES}${key}`;
  });
  return folders.replace(
    SIGNED_FILE,
    (_whole, key: string, exp: string, sig: string, download: string | undefined) => {
      const query = `exp=${exp}&sig=${sig}${download === undefined ? '' : `&dl=${download}`}`;
      media.push({ stable: `${MEDIA_FILES}${key}`, signed: `/media/${key}?${query}` });
      return `${MEDIA_FILES}${key}`;
    },
  );
}

function rewriteOembedLinks(html: string, siteOrigin: string): string {
  return html.replace(OEMBED_LINK, (whole, url: string, format: string | undefined) => {
    let described: URL;
    try {
      described = new URL(decodeURIComponent(url));
    } catch {
      return whole;
    }
    const path = splitLocalePath(described.pathname).path;
    return new URL(oembedAddress(path, format === 'xml' ? 'xml' : 'json'), siteOrigin).href;
  });
}

/** The language picker's POST form, as one link per locale to this page in it. */
function languageLinks(html: string, path: string): string {
  return html.replace(LANGUAGE_FORM, (_form, attributes: string, inner: string) => {
    const links = inner
      .replace(/<input type="hidden" name="return_to"[^>]*>/g, '')
      .replace(/<button type="submit" name="locale" value="([^"]+)"/g, (whole, locale: string) =>
        isLocale(locale) ? `<a href="${localizePath(locale as Locale, path)}"` : whole,
      )
      .replace(/<\/button>/g, '</a>');
    return `<div${attributes}>${links}</div>`;
  });
}

const unescape = (value: string) => value.replace(/&amp;/g, '&');
const escape = (value: string) => value.replace(/&/g, '&amp;');

/** The published form of one link: the same, its static address, or the app's. */
function rewriteLink(value: string, options: StaticPageOptions): string {
  const raw = unescape(value);
  let url: URL;
  try {
    url = new URL(raw, options.siteOrigin);
  } catch {
    return value;
  }
  const rootRelative = raw.startsWith('/') && !raw.startsWith('//');
  if (!rootRelative && !(/^https?:/i.test(raw) && url.origin === options.siteOrigin)) return value;
  const { locale, path } = splitLocalePath(url.pathname);
  const page = url.searchParams.get('page');
  if (page !== null && GRID_PAGE.test(path) && [...url.searchParams.keys()].length === 1) {
    const address = localizePath(locale, gridPageAddress(path, Number(page)));
    if (options.isPublished(address))
      return rootRelative ? address : new URL(address, options.siteOrigin).href;
  }
  if (options.isPublished(url.pathname)) return value;
  if (options.appOrigin === null) return value;
  return escape(new URL(`${url.pathname}${url.search}${url.hash}`, options.appOrigin).href);
}

export function staticPage(html: string, options: StaticPageOptions): StaticPage {
  const media: PageMedia[] = [];
  let page = rewriteMedia(html, media);
  page = rewriteOembedLinks(page, options.siteOrigin);
  page = languageLinks(page, options.path);
  page = page.replace(
    LINK_ATTRIBUTE,
    (_whole, name: string, value: string) => `${name}="${rewriteLink(value, options)}"`,
  );
  page = page.replace(/<head>/, `<head><script src="${THEME_SCRIPT}"></script>`);
  if (options.appOrigin !== null)
    page = page.replace(/<html\b/, `<html data-app-origin="${escape(options.appOrigin)}"`);
  page = stableIslands(page);
  const thumbnails = [...new Set(page.match(THUMBNAIL) ?? [])];
  return { html: page, media, thumbnails };
}
