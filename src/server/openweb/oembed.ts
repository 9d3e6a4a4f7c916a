/**
 * The oEmbed answer for a page of this site (GET /oembed): the player of a public video, or
 * the embed of a public showcase, sized for the consumer, with every address on the site
 * origin. Anything not public to anybody has no answer (the route says 404), so a private,
 * password or unlisted page is never named.
 */
import type { Translate } from '../../lib/translationKeys.ts';
import { embedCode, showcaseEmbedSrc, videoEmbedSrc } from '../../lib/embedCode.ts';
import type { OembedAnswer, OembedTarget } from '../../lib/oembed.ts';
import { fitEmbed, naturalPlayerSize, type EmbedBounds } from '../../lib/oembedSize.ts';
import type { Layout, Sort } from '../../lib/domain.ts';
import { pageSizeFor } from '../../lib/pagination.ts';
import type { Db } from '../db/client.ts';
import {
  publicThumbnail,
  type PublicThumbnail,
  type ThumbnailChoice,
} from '../media/publicThumbnails.ts';
import { cachedListShowcaseVideos } from '../showcases/cachedReads.ts';
import type { ShowcaseRow } from '../showcases/showcaseQueries.ts';
import { findPublicShowcase, findPublicVideo } from './publicTarget.ts';

export interface OembedContext {
  /** The site origin the answer's addresses start with. */
  origin: string;
  bounds: EmbedBounds;
  t: Translate;
}

/** A showcase's picture: its first public video's that fits (the first page is what the embed opens on). */
async function showcaseThumbnail(
  db: Db,
  showcase: ShowcaseRow,
  origin: string,
  choice: ThumbnailChoice,
): Promise<PublicThumbnail | null> {
  const perPage = pageSizeFor(showcase.layout as Layout);
  const { items } = await cachedListShowcaseVideos(db, {
    showcaseId: showcase.id,
    sort: showcase.sort as Sort,
    page: 1,
    perPage,
  });
  for (const item of items) {
    const thumbnail = publicThumbnail(item, origin, choice);
    if (thumbnail) return thumbnail;
  }
  return null;
}

const thumbnailFields = (thumbnail: PublicThumbnail | null) =>
  thumbnail
    ? {
        thumbnail_url: thumbnail.url,
        thumbnail_width: thumbnail.width,
        thumbnail_height: thumbnail.height,
      }
    : {};

export async function oembedAnswer(
  db: Db,
  { albumId, videoId }: OembedTarget,
  { origin, bounds, t }: OembedContext,
): Promise<OembedAnswer | null> {
  const provider = { provider_name: t('common.brand'), provider_url: new URL('/', origin).href };
  // The author's work on this site is the showcase: there is no profile page to link to.
  const authorUrl = new URL(`/showcase/${albumId}`, origin).href;
  if (videoId !== null) {
    const found = await findPublicVideo(db, albumId, videoId);
    if (!found) return null;
    const { video, owner } = found.item;
    const size = fitEmbed(naturalPlayerSize(video.width), bounds);
    return {
      type: 'video',
      version: '1.0',
      title: video.name,
      author_name: owner.name,
      author_url: authorUrl,
      ...provider,
      html: embedCode({ src: videoEmbedSrc(origin, albumId, videoId), title: video.name, size }),
      ...size,
      ...thumbnailFields(
        publicThumbnail(found.item, origin, { width: size.width, within: bounds }),
      ),
    };
  }
  const showcase = await findPublicShowcase(db, albumId);
  if (!showcase) return null;
  const { showcase: row, owner } = showcase.found;
  const size = fitEmbed(naturalPlayerSize(null), bounds);
  return {
    type: 'video',
    version: '1.0',
    title: row.name,
    author_name: owner.name,
    author_url: authorUrl,
    ...provider,
    html: embedCode({ src: showcaseEmbedSrc(origin, albumId), title: row.name, size }),
    ...size,
    ...thumbnailFields(
      await showcaseThumbnail(db, row, origin, { width: size.width, within: bounds }),
    ),
  };
}
