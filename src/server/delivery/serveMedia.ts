/**
 * Streams a stored media object for a verified signed URL: Range requests (seeking), ETag,
 * caching until the URL expires, and the right content type.
 */
import { Readable } from 'node:stream';
import { blockingRequest } from '../../lib/llHlsPlaylist.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import { isLivePlaylistKey, readWhole, type MediaStorage } from '../media/storage.ts';
import { awaitHintedPart, heldPlaylist } from './blockingReload.ts';

const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  vtt: 'text/vtt; charset=utf-8',
};

/** Parses a single-range 'bytes=' header; multiple ranges are answered whole, as RFC 9110 allows. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export interface ServeOptions {
  /** Save-as name: the object is sent as an attachment (a download link). */
  download?: string | null;
  /** Who may keep it, and how long: mediaCacheControl (src/server/http/cacheControl.ts). */
  cacheControl: string;
}

/** RFC 6266: a plain ASCII name (downloadFileName makes one) plus its UTF-8 form. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** An answer with no body, which no cache keeps (a live part missing now may be there in a moment). */
const bare = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * A live playlist goes out whole, with no validator: a browser that keeps it and asks again for
 * a range or with If-None-Match (Chromium's own HLS player does both) would splice bytes of
 * two versions of a sliding window, and stall. A blocking reload (_HLS_msn, _HLS_part) is held
 * until the playlist holds what it asks for (blockingReload.ts); one for a part far beyond the
 * edge, or with directives that mean nothing, is answered 400 at once.
 */
async function serveLivePlaylist(
  store: MediaStorage,
  key: string,
  cacheControl: string,
  request: Request,
): Promise<Response> {
  const directives = blockingRequest(new URL(request.url).searchParams);
  if (directives === 'invalid') return bare(400);
  // Replaced every fraction of a second: read whole, its length and bytes come from one
  // version, where a stat then a read could describe one and send another.
  let playlist: Buffer | null;
  if (directives === null) playlist = await readWholePlaylist(store, key);
  else {
    const held = await heldPlaylist(store, key, directives);
    if (held === 'too-far') return bare(400);
    playlist = held === 'missing' ? null : Buffer.from(held.text);
  }
  if (!playlist) return bare(404);
  const headers = new Headers({
    'Content-Type': TYPES['m3u8']!,
    'Content-Length': String(playlist.length),
    'Cache-Control': cacheControl,
  });
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(playlist), {
    status: 200,
    headers,
  });
}

/** Reads taken again when a store hands out a playlist it is still rewriting. */
const TORN_READS = 5;
const TORN_READ_GAP_MS = 20;

/**
 * The playlist at `key` as a whole version: a store that rewrites objects in place (s3rver,
 * some gateways) can be read mid-write, and a playlist cut short would break a player.
 */
async function readWholePlaylist(store: MediaStorage, key: string): Promise<Buffer | null> {
  let playlist = await readWhole(store, key);
  for (let read = 1; playlist && !isWholePlaylist(playlist) && read < TORN_READS; read++) {
    await new Promise((resolve) => setTimeout(resolve, TORN_READ_GAP_MS));
    playlist = await readWhole(store, key);
  }
  return playlist;
}

const isWholePlaylist = (bytes: Buffer) =>
  bytes.subarray(0, 7).toString() === '#EXTM3U' && bytes.at(-1) === 0x0a;

/** A low-latency part of a live stream (live/…/part{n}.m4s), which a player may ask for as soon as it is hinted. */
const isLivePartKey = (key: string) => key.startsWith('live/') && /\/part\d+\.m4s$/.test(key);

export async function serveMedia(
  key: string,
  request: Request,
  { download = null, cacheControl }: ServeOptions,
): Promise<Response> {
  const store = mediaStorage();
  if (isLivePlaylistKey(key)) return serveLivePlaylist(store, key, cacheControl, request);
  let object = await store.stat(key);
  if (!object && isLivePartKey(key) && (await awaitHintedPart(store, key)))
    object = await store.stat(key);
  if (!object) return key.startsWith('live/') ? bare(404) : new Response(null, { status: 404 });
  const etag = `"${object.size.toString(36)}-${object.modifiedAt.getTime().toString(36)}"`;
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  const headers = new Headers({
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': object.modifiedAt.toUTCString(),
    'Cache-Control': cacheControl,
  });
  if (download !== null) headers.set('Content-Disposition', attachmentDisposition(download));
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get('range'), object.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${object.size}`);
    return new Response(null, { status: 416, headers });
  }
  const length = range ? range.end - range.start + 1 : object.size;
  headers.set('Content-Length', String(length));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
  if (request.method === 'HEAD') return new Response(null, { status: range ? 206 : 200, headers });
  const stream = await store.createReadStream(key, range ?? undefined);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: range ? 206 : 200,
    headers,
  });
}
