/**
 * oEmbed (https://oembed.com) as this site answers it: what a consumer's request asks for,
 * which page of the site its url names, and the answer in JSON or XML. Only the shapes live
 * here; whether the page is public is the server's to decide (src/server/openweb/oembed.ts).
 */
import { splitLocalePath } from './localeNegotiation.ts';
import { parseMaxDimension, type EmbedBounds } from './oembedSize.ts';

export const OEMBED_FORMATS = ['json', 'xml'] as const;
export type OembedFormat = (typeof OEMBED_FORMATS)[number];

export const OEMBED_CONTENT_TYPES: Record<OembedFormat, string> = {
  json: 'application/json+oembed',
  xml: 'text/xml+oembed',
};

interface OembedQuery {
  url: URL;
  format: OembedFormat;
  bounds: EmbedBounds;
}

/** Why a request cannot be answered: 400 (missingUrl, invalidSize) or 501 (unsupportedFormat), as the oEmbed spec says. */
export type OembedRefusal = 'missingUrl' | 'invalidSize' | 'unsupportedFormat';

export type ParsedOembedQuery =
  { ok: true; query: OembedQuery } | { ok: false; refusal: OembedRefusal };

function absoluteUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function parseOembedQuery(params: URLSearchParams): ParsedOembedQuery {
  const url = absoluteUrl(params.get('url'));
  if (!url) return { ok: false, refusal: 'missingUrl' };
  const maxWidth = parseMaxDimension(params.get('maxwidth'));
  const maxHeight = parseMaxDimension(params.get('maxheight'));
  if (maxWidth === 'invalid' || maxHeight === 'invalid')
    return { ok: false, refusal: 'invalidSize' };
  const format = params.get('format') || 'json';
  if (!(OEMBED_FORMATS as readonly string[]).includes(format))
    return { ok: false, refusal: 'unsupportedFormat' };
  return {
    ok: true,
    query: { url, format: format as OembedFormat, bounds: { maxWidth, maxHeight } },
  };
}

/** The showcase, or the video of a showcase, a page address names. */
export interface OembedTarget {
  albumId: number;
  videoId: number | null;
}

const ID = '([1-9]\\d{0,9})';
const SHOWCASE_PATH = new RegExp(`^/showcase/${ID}/?$`);
const VIDEO_PATH = new RegExp(`^/showcase/${ID}/video/${ID}/?$`);

const idOf = (raw: string | null | undefined): number | null => {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
};

/**
 * The target of a showcase page (/showcase/{id}, with ?video={id} the video view it opens) or
 * a video page (/showcase/{id}/video/{id}), in any locale; null for any other address.
 */
export function oembedTarget(url: URL): OembedTarget | null {
  const { path } = splitLocalePath(url.pathname);
  const video = VIDEO_PATH.exec(path);
  if (video) {
    const albumId = idOf(video[1]);
    const videoId = idOf(video[2]);
    return albumId && videoId ? { albumId, videoId } : null;
  }
  const showcase = SHOWCASE_PATH.exec(path);
  const albumId = idOf(showcase?.[1]);
  if (!albumId) return null;
  const videoParam = url.searchParams.get('video');
  if (videoParam === null) return { albumId, videoId: null };
  const videoId = idOf(videoParam);
  return videoId ? { albumId, videoId } : null;
}

/** The answer (oEmbed 2.3.4): a playable video, the showcase's or the video's player. */
export interface OembedAnswer {
  type: 'video';
  version: '1.0';
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The XML form of an answer (oEmbed 2.3.4: one element per field under <oembed>). */
export function oembedXml(answer: OembedAnswer): string {
  const fields = Object.entries(answer)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<oembed>${fields}</oembed>\n`;
}
