/**
 * The public site as static files (docs/publishing.md): every page a stranger may open, asked
 * of the app over loopback as a stranger (no cookie) and made into a file of the publication
 * (src/lib/staticPage.ts), with its brotli and gzip copies beside it; the sitemap, robots.txt,
 * feeds and oEmbed answers; the built scripts and styles; and the media those pages name, at
 * stable unsigned paths. What is published is decided by the one access path as a stranger
 * (publicCatalogue.ts → src/lib/publishPlan.ts); nothing else is ever asked for, so nothing a
 * stranger may not see can be written.
 *
 * A run writes only files whose bytes changed and removes what is no longer published, first
 * of all (before any page is rendered) the pages that left the plan and the media only they
 * named: a video made private is gone from the target within a database read. A manifest in
 * the target (MANIFEST) records each file's digest and what each address named, so a run in a
 * new process knows what an earlier one wrote; it holds only addresses already public.
 *
 * After a write, `publishChanges` renders only the pages the write changed (src/lib/
 * publishChanges.ts), from digests of what each showcase's pages show read before the last run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forEachConcurrently } from '../../lib/forEachConcurrently.ts';
import { splitLocalePath } from '../../lib/localeNegotiation.ts';
import {
  FILE_ENCODINGS,
  PRECOMPRESS_FROM_BYTES,
  precompressedName,
  textTypeOf,
} from '../../lib/precompressed.ts';
import { republishScope, type PublishDigests } from '../../lib/publishChanges.ts';
import {
  publishPlan,
  republishPlan,
  staticFilePath,
  type PublishedShowcase,
  type PublishPlan,
} from '../../lib/publishPlan.ts';
import { MEDIA_FILES, staticPage, THEME_SCRIPT, type PageMedia } from '../../lib/staticPage.ts';
import type { Db } from '../db/client.ts';
import { compressPageBest } from '../http/compressPage.ts';
import { logger } from '../logger.ts';
import type { MediaStorage } from '../media/storage.ts';
import { readWhole } from '../media/storage.ts';
import { readPublicCatalogue } from '../openweb/publicCatalogue.ts';
import { showcaseDigests } from './showcaseDigests.ts';
import { THEME_SCRIPT_SOURCE } from './themeScript.ts';

/** The publication's own record, at its root. */
const MANIFEST = 'vitrine-publish.json';

interface Manifest {
  /** Every file written (its path in the target) and the SHA-256 of its bytes. */
  files: Record<string, string>;
  /** Every published address and the files it wrote or named (its copies, media, pictures). */
  addresses: Record<string, string[]>;
}

export interface PublishSettings {
  /** Where this app answers, over loopback. */
  origin: string;
  /** The public site's origin (PUBLIC_URL): absolute links to it are the publication's. */
  siteOrigin: string;
  /** APP_URL: where what is not published is sent; null when both share one host. */
  appOrigin: string | null;
  target: MediaStorage;
  /** The built site's client files (dist/client). */
  clientDir: string;
  /** HOME_SHOWCASE_ID: the showcase the home page shows, if any. */
  homeShowcase: number | null;
}

export interface PublishReport {
  /** Addresses published. */
  addresses: number;
  /** Files written because they were new or changed. */
  written: number;
  /** Files removed because they are no longer published. */
  removed: number;
  /** Bytes of every published file. */
  bytes: number;
}

export interface ChangeReport {
  /** Showcases whose pages were rendered again. */
  showcases: number;
  /** Addresses rendered again. */
  addresses: number;
  written: number;
  removed: number;
}

/** Pages asked of the app at once: the server renders a few at a time anyway. */
const RENDERS_AT_ONCE = 4;
/** The files of a playlist are the lines that are not tags, and URI="…" attributes. */
const PLAYLIST_URI = /URI="([^"]+)"/g;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.ts': 'video/mp2t',
};

function contentTypeOf(file: string): string | undefined {
  return textTypeOf(file) ?? TYPES[path.extname(file).toLowerCase()];
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');
const keyOf = (address: string) => address.replace(/^\/+/, '');

async function readManifest(target: MediaStorage): Promise<Manifest> {
  const bytes = await readWhole(target, MANIFEST);
  if (!bytes) return { files: {}, addresses: {} };
  return JSON.parse(bytes.toString('utf8')) as Manifest;
}

/** Keys sorted, so the same publication writes the same manifest byte for byte. */
function manifestBytes(manifest: Manifest): Buffer {
  const sorted = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return Buffer.from(
    `${JSON.stringify({ files: sorted(manifest.files), addresses: sorted(manifest.addresses) }, null, 1)}\n`,
  );
}

async function clientFileList(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** What publicCatalogue.ts opens to a stranger, as the plan's showcases. */
export async function publishedShowcases(db: Db, siteOrigin: string): Promise<PublishedShowcase[]> {
  return (await readPublicCatalogue(db, siteOrigin)).map((showcase) => ({
    id: showcase.id,
    layout: showcase.layout,
    totalVideos: showcase.totalVideos,
    videoIds: showcase.videos.map((video) => video.id),
  }));
}

export function createPublisher(settings: PublishSettings) {
  const { target } = settings;
  let scratch: string | null = null;
  let previous: Manifest | null = null;
  /** What the published showcases' pages showed when last rendered; null before a whole run. */
  let rendered: PublishDigests | null = null;
  const current = async () => (previous ??= await readManifest(target));

  /** Removes the addresses of `manifest` that are not `planned`, with the files only they named. */
  async function removeGone(manifest: Manifest, planned: ReadonlySet<string>): Promise<number> {
    const gone = Object.keys(manifest.addresses).filter((address) => !planned.has(address));
    if (gone.length === 0) return 0;
    const stillNamed = new Set(
      Object.entries(manifest.addresses)
        .filter(([address]) => planned.has(address))
        .flatMap(([, files]) => files),
    );
    const files = [...new Set(gone.flatMap((address) => manifest.addresses[address]!))].filter(
      (file) => !stillNamed.has(file),
    );
    await Promise.all(files.map((file) => target.delete(file)));
    for (const file of files) delete manifest.files[file];
    for (const address of gone) delete manifest.addresses[address];
    await put(MANIFEST, manifestBytes(manifest));
    logger.info(
      { addresses: gone.length, files: files.length },
      'publish: removed what is no longer public',
    );
    return files.length;
  }

  /** The addresses a stranger may open now: a few database reads, no render. */
  async function plannedAddresses(db: Db): Promise<Set<string>> {
    const plan = publishPlan(await publishedShowcases(db, settings.siteOrigin), {
      siteOrigin: settings.siteOrigin,
    });
    return new Set([...plan.pages, ...plan.files].map((entry) => entry.address));
  }

  async function put(file: string, bytes: Buffer): Promise<void> {
    scratch ??= await mkdtemp(path.join(tmpdir(), 'vitrine-publish-'));
    // A removal may write while a run ends and empties the folder: it is made again if need be.
    await mkdir(scratch, { recursive: true });
    const staged = path.join(scratch, `${randomBytes(8).toString('hex')}-${path.basename(file)}`);
    await writeFile(staged, bytes);
    const contentType = contentTypeOf(file);
    await target.put(file, staged, { move: true, ...(contentType ? { contentType } : {}) });
  }

  /**
   * One run rendering `part` of `plan`, the whole publication (all of it, and the built
   * files, when `part` is null): `next` is filled with what is published; returns how many
   * files it wrote.
   */
  async function runOnce(
    old: Manifest,
    next: Manifest,
    plan: PublishPlan,
    part: PublishPlan | null,
  ): Promise<number> {
    let written = 0;
    /** Writes `bytes` at `file` unless the target holds them already; records it. */
    const keep = async (file: string, bytes: Buffer): Promise<void> => {
      const hash = digest(bytes);
      next.files[file] = hash;
      if (old.files[file] === hash) return;
      await put(file, bytes);
      written++;
    };
    /** A text file with its compressed copies (only those smaller than it, as the build keeps them). */
    const keepText = async (file: string, bytes: Buffer): Promise<string[]> => {
      await keep(file, bytes);
      const copies: string[] = [];
      for (const encoding of FILE_ENCODINGS) {
        if (bytes.length < PRECOMPRESS_FROM_BYTES) continue;
        const copy = precompressedName(file, encoding);
        // The same plain bytes make the same copy: it is compressed only when they changed.
        if (old.files[file] === next.files[file] && old.files[copy]) {
          next.files[copy] = old.files[copy];
          copies.push(copy);
          continue;
        }
        const compressed = await compressPageBest(bytes, encoding);
        if (compressed.length >= bytes.length) continue;
        await keep(copy, compressed);
        copies.push(copy);
      }
      return [file, ...copies];
    };

    const fetched = async (source: string): Promise<Response | null> => {
      const response = await fetch(new URL(source, settings.origin), {
        redirect: 'manual',
        headers: { 'accept-encoding': 'identity' },
      });
      if (response.status === 200) return response;
      await response.body?.cancel();
      logger.debug({ source, status: response.status }, 'publish: not published');
      return null;
    };

    const copied = new Map<string, Promise<string[]>>();
    /** Copies one media file (a playlist with every file it names); returns their paths. */
    const copyMedia = (media: PageMedia): Promise<string[]> => {
      const existing = copied.get(media.stable);
      if (existing) return existing;
      const work = (async () => {
        const file = keyOf(media.stable);
        const playlist = file.endsWith('.m3u8');
        if (!playlist && old.files[file]) {
          next.files[file] = old.files[file];
          return [file];
        }
        const response = await fetched(media.signed);
        if (!response) return [];
        const bytes = Buffer.from(await response.arrayBuffer());
        await keep(file, bytes);
        if (!playlist) return [file];
        const text = bytes.toString('utf8');
        const uris = [
          ...text.split('\n').filter((line) => line.trim() && !line.startsWith('#')),
          ...[...text.matchAll(PLAYLIST_URI)].map((match) => match[1]!),
        ].map((line) => line.trim());
        const children = await Promise.all(
          uris.map((uri) => {
            const base = new URL(media.signed, settings.origin);
            const signed = new URL(uri, base);
            const stable = new URL(uri, new URL(media.stable, settings.origin));
            return copyMedia({ stable: stable.pathname, signed: signed.pathname + signed.search });
          }),
        );
        return [file, ...children.flat()];
      })();
      copied.set(media.stable, work);
      return work;
    };
    const copyThumbnail = async (address: string): Promise<string[]> =>
      copyMedia({ stable: address, signed: address });

    const planned = new Set([...plan.pages, ...plan.files].map((entry) => entry.address));
    const clientFiles = await clientFileList(settings.clientDir);
    const clientPaths = new Set(clientFiles.map((file) => `/${file}`));

    const isPublished = (address: string) =>
      planned.has(address) ||
      address === THEME_SCRIPT ||
      clientPaths.has(address) ||
      address.startsWith(MEDIA_FILES) ||
      address.startsWith('/thumbnails/');

    const publishOne = async (
      { address, source }: { address: string; source: string },
      page: boolean,
    ): Promise<void> => {
      const response = await fetched(source);
      // Refused since the plan was read: what it wrote before leaves with this run.
      if (!response) return void delete next.addresses[address];
      const file = staticFilePath(address);
      // Links the app wrote to the loopback origin it was asked at are the site's.
      const body = (await response.text()).replaceAll(settings.origin, settings.siteOrigin);
      const rewritten = staticPage(body, {
        siteOrigin: settings.siteOrigin,
        appOrigin: settings.appOrigin,
        path: page ? splitLocalePath(address).path : '/',
        isPublished,
      });
      const named = await Promise.all([
        ...rewritten.media.map(copyMedia),
        ...rewritten.thumbnails.map(copyThumbnail),
      ]);
      const files = await keepText(file, Buffer.from(rewritten.html));
      next.addresses[address] = [...files, ...named.flat()].sort();
    };
    const { pages, files } = part ?? plan;
    await forEachConcurrently(pages, RENDERS_AT_ONCE, (entry) => publishOne(entry, true));
    await forEachConcurrently(files, RENDERS_AT_ONCE, (entry) => publishOne(entry, false));
    if (part) return written;

    await keepText(keyOf(THEME_SCRIPT), Buffer.from(THEME_SCRIPT_SOURCE));
    await forEachConcurrently(clientFiles, RENDERS_AT_ONCE, async (file) => {
      await keep(file, await readFile(path.join(settings.clientDir, file)));
    });
    return written;
  }

  /**
   * What is public now and the digests of its pages, read before anything is rendered (a write
   * meanwhile shows as a change to the next run); what stopped being public is removed first.
   */
  async function readPublished(db: Db, old: Manifest) {
    const showcases = await publishedShowcases(db, settings.siteOrigin);
    const digests = await showcaseDigests(
      db,
      showcases.map((showcase) => showcase.id),
    );
    const plan = publishPlan(showcases, { siteOrigin: settings.siteOrigin });
    await removeGone(old, new Set([...plan.pages, ...plan.files].map((entry) => entry.address)));
    return { showcases, digests, plan };
  }

  /** Removes `stale` files, records `next` as what is published, and clears the run's scratch. */
  async function finish(next: Manifest, stale: readonly string[]): Promise<void> {
    await Promise.all(stale.map((file) => target.delete(file)));
    const record = manifestBytes(next);
    if (!(await readWhole(target, MANIFEST))?.equals(record)) await put(MANIFEST, record);
    previous = next;
    if (scratch) await rm(scratch, { recursive: true, force: true });
    scratch = null;
  }

  return {
    /**
     * Removes at once what stopped being public, before anything is rendered: safe to call
     * while a publication is under way, whose next run removes whatever it wrote meanwhile.
     */
    async removeUnpublished(db: Db): Promise<number> {
      return removeGone(await current(), await plannedAddresses(db));
    },

    /** Publishes the site; what was published before and is no longer is removed. */
    async publish(db: Db): Promise<PublishReport> {
      const old = await current();
      const { digests, plan } = await readPublished(db, old);
      const next: Manifest = { files: {}, addresses: {} };
      const written = await runOnce(old, next, plan, null);
      const stale = Object.keys(old.files).filter((file) => !(file in next.files));
      await finish(next, stale);
      rendered = digests;
      let bytes = 0;
      for (const file of Object.keys(next.files)) bytes += (await target.stat(file))?.size ?? 0;
      return {
        addresses: Object.keys(next.addresses).length,
        written,
        removed: stale.length,
        bytes,
      };
    },

    /**
     * Publishes what changed since the last run (src/lib/publishChanges.ts): only the pages
     * whose showcase or video digests changed, and the listings. Null when no whole run was
     * made yet in this process, so nothing is known to compare with.
     */
    async publishChanges(db: Db): Promise<ChangeReport | null> {
      const known = rendered;
      if (!known) return null;
      const old = await current();
      const { showcases, digests, plan } = await readPublished(db, old);
      const scope = republishScope(known, digests, settings.homeShowcase);
      const part = republishPlan(showcases, scope, { siteOrigin: settings.siteOrigin });
      const addresses = part.pages.length + part.files.length;
      if (addresses === 0) {
        rendered = digests;
        return { showcases: 0, addresses, written: 0, removed: 0 };
      }
      const next: Manifest = { files: { ...old.files }, addresses: { ...old.addresses } };
      const written = await runOnce(old, next, plan, part);
      // Files that only the pages rendered again named, and name no more.
      const named = new Set(Object.values(next.addresses).flat());
      const stale = [...new Set(Object.values(old.addresses).flat())].filter(
        (file) => !named.has(file) && file in next.files,
      );
      for (const file of stale) delete next.files[file];
      await finish(next, stale);
      rendered = digests;
      return {
        showcases: scope.showcases.size,
        addresses,
        written,
        removed: stale.length,
      };
    },
  };
}
