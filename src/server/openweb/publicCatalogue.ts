/**
 * What sitemaps and feeds may list: showcases a stranger may open (strangerViewer.ts) and,
 * in them, the videos that are public on the open web (src/lib/publicVideo.ts: anybody may
 * watch them signed out, so mature and unrated videos behind the log-in gate stay out).
 * Pictures come only as stable public thumbnails: a signed media link expires within hours,
 * long before a crawler or feed reader comes back.
 */
import { isPublicVideo } from '../../lib/publicVideo.ts';
import type { SitemapVideo } from '../../lib/sitemapEntries.ts';
import type { Layout, Sort } from '../../lib/domain.ts';
import { openToStrangers } from '../access/strangerViewer.ts';
import type { Db } from '../db/client.ts';
import { publicThumbnail, type PublicThumbnail } from '../media/publicThumbnails.ts';
import {
  listPublicShowcases,
  listShowcaseVideos,
  type VideoWithMedia,
} from '../showcases/showcaseQueries.ts';

/** A video sitemaps and feeds list: the sitemap's record, with its picture's size for feeds. */
interface PublicCatalogueVideo extends SitemapVideo {
  thumbnail: PublicThumbnail | null;
}

export interface PublicCatalogueShowcase {
  id: number;
  name: string;
  description: string;
  ownerName: string;
  updatedAt: Date;
  layout: Layout;
  /** Every video it holds, public or not: its grid's page count. */
  totalVideos: number;
  /** No embed domains are set: the player frame may show on any site, a search engine's too. */
  embeddableAnywhere: boolean;
  /** In the showcase's own order. */
  videos: PublicCatalogueVideo[];
}

/** Rows read per query while walking a showcase's videos. */
const PAGE = 500;

async function allVisibleVideos(db: Db, showcaseId: number, sort: Sort): Promise<VideoWithMedia[]> {
  const items: VideoWithMedia[] = [];
  for (let page = 1; ; page++) {
    const { total, items: rows } = await listShowcaseVideos(db, {
      showcaseId,
      sort,
      page,
      perPage: PAGE,
    });
    items.push(...rows);
    if (rows.length === 0 || items.length >= total) return items;
  }
}

function catalogueVideo(item: VideoWithMedia, origin: string): PublicCatalogueVideo {
  const { video } = item;
  return {
    id: video.id,
    name: video.name,
    description: video.description,
    duration: video.duration,
    createdAt: video.createdAt,
    plays: video.plays,
    familyFriendly: video.contentRating === 'safe',
    live: item.live?.status === 'streaming',
    thumbnail: publicThumbnail(item, origin),
  };
}

/** A showcase as the open web may see it; null when a stranger may not open it. */
export async function readPublicShowcase(
  db: Db,
  albumId: number,
  origin: string,
): Promise<PublicCatalogueShowcase | null> {
  const open = await openToStrangers(db, albumId);
  if (!open) return null;
  const { showcase, owner } = open.found;
  const items = await allVisibleVideos(db, showcase.id, showcase.sort as Sort);
  return {
    id: showcase.id,
    name: showcase.name,
    description: showcase.description,
    ownerName: owner.name,
    updatedAt: showcase.updatedAt,
    layout: showcase.layout as Layout,
    totalVideos: open.found.totalVideos,
    embeddableAnywhere: showcase.embedDomains.length === 0,
    videos: items
      .filter((item) => isPublicVideo(item.video))
      .map((item) => catalogueVideo(item, origin)),
  };
}

/** Every showcase the open web may see, in id order. */
export async function readPublicCatalogue(
  db: Db,
  origin: string,
): Promise<PublicCatalogueShowcase[]> {
  const catalogue: PublicCatalogueShowcase[] = [];
  // The home page's list is the candidates; the access path has the last word on each.
  for (const { showcase } of await listPublicShowcases(db)) {
    const entry = await readPublicShowcase(db, showcase.id, origin);
    if (entry) catalogue.push(entry);
  }
  return catalogue;
}
