/**
 * What a public showcase or video page tells link previews, oEmbed consumers and search
 * engines (src/components/openweb/PreviewMeta.astro writes it): the stable picture, the player
 * frame, the oEmbed discovery addresses and the structured data. A page that is not public to
 * anybody (src/server/openweb/publicTarget.ts: a showcase only some may open, a video not
 * public) gets none of it, so no preview ever names or shows something protected.
 */
import { videoEmbedSrc } from '../../lib/embedCode.ts';
import type { Locale } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { OEMBED_CONTENT_TYPES, OEMBED_FORMATS } from '../../lib/oembed.ts';
import { naturalPlayerSize, type PlayerSize } from '../../lib/oembedSize.ts';
import { isPublicVideo } from '../../lib/publicVideo.ts';
import {
  serializeJsonLd,
  showcaseItemListLd,
  videoObjectLd,
  type VideoFacts,
} from '../../lib/structuredData.ts';
import { videoIdOf, videoViewPath } from '../../lib/videoNavigation.ts';
import { isThumbnailPath } from '../../lib/thumbnailAddress.ts';
import { previewPicture, type PublicThumbnail } from '../media/publicThumbnails.ts';
import type { AlbumJson, PictureSize, VideoJson } from '../showcases/represent.ts';
import type { ListView } from '../showcases/showcaseView.ts';
import type { VideoView } from '../showcases/videoView.ts';

export interface PagePreview {
  ogType: 'website' | 'video.other';
  /** The stable picture: og:image with its size, and the card's picture. */
  image: PublicThumbnail | null;
  /** The player frame of a video page: og:video and the Twitter player card. */
  player: (PlayerSize & { url: string }) | null;
  twitterCard: 'player' | 'summary_large_image' | 'summary';
  /** oEmbed discovery: one address per format, with its link type. */
  oembed: { type: string; href: string }[];
  /** The JSON-LD, ready for a script element (serializeJsonLd). */
  jsonLd: string;
}

export interface PreviewContext {
  origin: string;
  locale: Locale;
}

const RATING_OF_CLASS = { safe: 'safe', mature: 'explicit', unrated: 'unrated' } as const;

/** A video as anybody is shown it: listed only while visible (ready), public when isPublicVideo says so. */
function isPublicJson(video: VideoJson): boolean {
  return (
    video.content_lock === null &&
    isPublicVideo({
      privacyView: video.privacy.view,
      status: 'ready',
      contentRating: RATING_OF_CLASS[video.content_rating_class],
    })
  );
}

/**
 * A public video's preview picture, from the sizes its JSON already names: a public video's
 * pictures are at their stable addresses there (represent.ts pictureSizes), so the page needs
 * no read of its own for them.
 */
function previewImage(video: VideoJson, origin: string): PublicThumbnail | null {
  return stableImage(video.pictures.sizes, origin);
}

/** The picture to name among `sizes`: only a stable address, which caches and crawlers may keep. */
function stableImage(sizes: readonly PictureSize[], origin: string): PublicThumbnail | null {
  const picture = previewPicture(sizes.filter((size) => isThumbnailPath(size.link)));
  return picture
    ? { url: new URL(picture.link, origin).href, width: picture.width, height: picture.height }
    : null;
}

/**
 * A live event without a picture of its own, while on the air: the still its broadcast keeps
 * current (represent.ts livePoster), for the thumbnail Google requires of a video. It has no
 * stable address, so link previews, which caches keep, do not show it.
 */
function liveStill(video: VideoJson, origin: string): string | null {
  const still = video.live?.status === 'streaming' ? video.pictures.sizes[0] : undefined;
  return still ? new URL(still.link, origin).href : null;
}

/** The page's picture: the first of its videos' that has one. */
function firstPreviewImage(videos: VideoJson[], origin: string): PublicThumbnail | null {
  for (const video of videos) {
    const image = previewImage(video, origin);
    if (image) return image;
  }
  return null;
}

function oembedLinks(pageUrl: string, origin: string): PagePreview['oembed'] {
  return OEMBED_FORMATS.map((format) => {
    const href = new URL('/oembed', origin);
    href.searchParams.set('url', pageUrl);
    if (format !== 'json') href.searchParams.set('format', format);
    return { type: OEMBED_CONTENT_TYPES[format], href: href.href };
  });
}

/** AlbumJson.uri is /albums/{id}. */
const albumIdOf = (album: AlbumJson) => Number(album.uri.slice(album.uri.lastIndexOf('/') + 1));

/** A video's page, absolute. */
const videoPageUrl = (albumId: number, videoId: number, { origin, locale }: PreviewContext) =>
  new URL(localizePath(locale, videoViewPath(albumId, videoId)), origin).href;

function videoFacts(
  album: AlbumJson,
  video: VideoJson,
  videoId: number,
  image: PublicThumbnail | null,
  context: PreviewContext,
): VideoFacts {
  const { origin } = context;
  const albumId = albumIdOf(album);
  return {
    name: video.name,
    description: video.description,
    url: videoPageUrl(albumId, videoId, context),
    embedUrl: videoEmbedSrc(origin, albumId, videoId),
    thumbnailUrl: image?.url ?? liveStill(video, origin),
    uploadDate: video.created_time,
    durationSeconds: video.duration,
    rating: video.content_rating_class,
    authorName: video.user.name,
    live: video.live
      ? {
          status: video.live.status,
          startDate: video.live.start_time,
          // When the broadcast ended; a replay from before that was kept says when it was ready.
          endDate: video.live.ended_time ?? video.live.archived_time,
        }
      : null,
  };
}

/**
 * Whether a page the viewer sees is one a stranger sees too, so that previews, oEmbed and
 * feeds may point at it: a public showcase, and not an embed-only one, whose pages answer
 * only inside its frame (its owner still sees them).
 */
export function onTheOpenWeb(view: ListView | VideoView): boolean {
  return view.shareable && view.album.layout !== 'embed-only';
}

export function videoPagePreview(view: VideoView, context: PreviewContext): PagePreview | null {
  const videoId = videoIdOf(view.video.uri);
  if (!onTheOpenWeb(view) || videoId === null || !isPublicJson(view.video)) return null;
  // A live event without a picture of its own yet shows its showcase's (Google asks every video for one).
  const image =
    previewImage(view.video, context.origin) ??
    (view.showcaseCover ? stableImage(view.showcaseCover, context.origin) : null);
  const facts = videoFacts(view.album, view.video, videoId, image, context);
  return {
    ogType: 'video.other',
    image,
    player: { url: facts.embedUrl, ...naturalPlayerSize(view.video.width) },
    twitterCard: 'player',
    oembed: oembedLinks(facts.url, context.origin),
    jsonLd: serializeJsonLd(videoObjectLd(facts)),
  };
}

/** Where the page's videos stand in the showcase: the player layout shows pages 1 to n, the others one page. */
function firstPosition(view: ListView): number {
  return view.layout === 'player' ? 1 : (view.page - 1) * view.perPage + 1;
}

export function showcasePagePreview(view: ListView, context: PreviewContext): PagePreview | null {
  if (!onTheOpenWeb(view)) return null;
  const { origin, locale } = context;
  const albumId = albumIdOf(view.album);
  const start = firstPosition(view);
  const listed = [...(view.featured ? [view.featured] : []), ...view.videos].map(
    (video, index) => ({ video, position: start + index, id: videoIdOf(video.uri) }),
  );
  const shown = listed.filter(
    (entry): entry is typeof entry & { id: number } =>
      entry.id !== null && isPublicJson(entry.video),
  );
  const image = firstPreviewImage(
    shown.map((entry) => entry.video),
    origin,
  );
  const pageUrl = new URL(
    localizePath(locale, `/showcase/${albumId}`) + (view.page > 1 ? `?page=${view.page}` : ''),
    origin,
  ).href;
  const itemList = showcaseItemListLd({
    name: view.album.name,
    description: view.album.description,
    url: pageUrl,
    items: shown.map(({ position, id }) => ({ position, url: videoPageUrl(albumId, id, context) })),
  });
  return {
    ogType: 'website',
    image,
    player: null,
    twitterCard: image ? 'summary_large_image' : 'summary',
    oembed: oembedLinks(new URL(localizePath(locale, `/showcase/${albumId}`), origin).href, origin),
    jsonLd: serializeJsonLd(itemList),
  };
}
