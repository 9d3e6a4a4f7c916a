/**
 * The built site's own files (dist/client: scripts and styles under /_astro/, the player's
 * loader, the favicon), answered before anything renders and without waiting for a render
 * slot. The build writes that folder and nothing writes it while the server runs, so it is
 * listed once: a page's address is then known not to be a file without asking the disk, as
 * the adapter's own file server did before every render (an lstat and a stat). A text file
 * goes out as the compressed copy the build wrote beside it (src/lib/precompressed.ts) when the
 * client takes it, which the compression step then passes as it is.
 *
 * sirv 3.0.2 (Vite's and Astro's preview server) would do the same work: it lists the folder
 * once, sends the .br/.gz copies and answers ETag and Range. It stays out because it measured no
 * better: a 10.7 KB built script asked with `Accept-Encoding: br, gzip` (3.7 KB sent), 10
 * connections, four alternating rounds of 6 s on a busy 2-core machine, took 175-320 µs of
 * server CPU a request here (median 297) and 266-546 µs with sirv (median 318), 835-4190 req/s
 * against 330-964; and its listing is its own, where builtStylesheets.ts reads this one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import send from 'send';
import { clientFilePath, isBuildAsset } from '../../lib/clientFilePath.ts';
import {
  precompressedChoice,
  textTypeOf,
  type PrecompressedChoice,
} from '../../lib/precompressed.ts';
import type { Step } from './requestPipeline.ts';

/** Every file under `root`, by the address path that names it ('/_astro/app.js'). */
export function listClientFiles(root: string): Set<string> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );
}

const listings = new Map<string, Set<string>>();

/** `listClientFiles(root)`, walked once for every reader (this file server, builtStylesheets.ts). */
export function clientFilesOf(root: string): Set<string> {
  let files = listings.get(root);
  if (!files) {
    files = listClientFiles(root);
    listings.set(root, files);
  }
  return files;
}

/**
 * What a text file's answer says of its encoding: it varies by Accept-Encoding, copy or not, so
 * a cache keeps one per encoding; a copy is sent as its original's type (send would name it by
 * its own extension, .br, and keeps a type already set) in its encoding.
 */
function encodingHeaders(
  file: string,
  compressed: PrecompressedChoice | null,
): Record<string, string> {
  if (textTypeOf(file) === null) return {};
  return {
    Vary: 'Accept-Encoding',
    ...(compressed
      ? { 'Content-Type': compressed.type, 'Content-Encoding': compressed.encoding }
      : {}),
  };
}

/** A year: a build asset's name changes with its content. */
const ASSET_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export function serveClientFiles(root: string): Step {
  const files = clientFilesOf(root);
  return (req, res, next) => {
    const file =
      req.method === 'GET' || req.method === 'HEAD' ? clientFilePath(req.url ?? '/') : null;
    if (file === null || !files.has(file.decoded)) return next();
    const asset = isBuildAsset(file.decoded);
    const compressed = precompressedChoice(file.decoded, req.headers['accept-encoding'], files);
    const headers = encodingHeaders(file.decoded, compressed);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const sent = compressed
      ? file.encoded + compressed.file.slice(file.decoded.length)
      : file.encoded;
    send(req, sent, { root, maxAge: asset ? ASSET_MAX_AGE_MS : 0, immutable: asset })
      .on('error', (err: { status?: number }) => {
        if (res.headersSent) return res.destroy();
        for (const name of Object.keys(headers)) res.removeHeader(name);
        // Gone since the start (a build over a running server): the address renders as any other.
        if (err.status === 404) return next();
        // A range past the end, a failed precondition: the status says it all.
        res.writeHead(err.status ?? 500).end();
      })
      .pipe(res);
  };
}
