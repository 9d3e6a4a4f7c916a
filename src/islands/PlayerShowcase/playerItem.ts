/**
 * A video as the player showcase shows it: card, frame address and video view address, made
 * from the API's VideoJson the same way on the server (first render) and in the browser
 * ('Load more'). Strings arrive translated; templates carry {name} or {duration}
 * (src/lib/messageTemplate.ts).
 */
import { withQuery, type CarriedQuery } from '../../lib/carriedQuery.ts';
import { lockActionPath, type ContentLock } from '../../lib/contentGates.ts';
import { ratingName, type LockedVideoStrings } from '../LockedVideo/lockedVideoStrings.ts';
import { formatDuration } from '../../lib/formatDuration.ts';
import { fillMessage, wordsAround } from '../../lib/messageTemplate.ts';
import { pickPicture, playerFramePath } from '../../lib/playerFrame.ts';
import { videoIdOf, videoViewPath } from '../../lib/videoNavigation.ts';

/** The parts of src/server/showcases/represent.ts VideoJson this needs. */
export interface VideoLike {
  uri: string;
  name: string;
  duration: number;
  pictures: { sizes: { link: string; width: number; height: number }[] };
  user: { name: string };
  content_rating_class?: 'safe' | 'mature' | 'unrated';
  /** Set when this viewer may not watch it (src/lib/contentGates.ts). */
  content_lock?: ContentLock | null;
}

/** Why a video of the row cannot be played, and what would open it. */
export interface PlayerLock {
  kind: ContentLock;
  /** The filter page or the log-in page, localized. */
  href: string;
  /** 'Change content filter' or 'Log in to watch'. */
  action: string;
  /** The rating, as the viewer reads it ('Explicit'). */
  rating: string;
}

export interface PlayerItem {
  id: number;
  name: string;
  /** The video view (works without JavaScript). */
  href: string;
  /** The player frame, autoplaying: a viewer chose to play it. */
  frameSrc: string;
  duration: string;
  /** What screen readers hear around the shown duration: 'Duration ' before it. */
  durationWords: { before: string; after: string };
  byOwner: string;
  thumbnail: { src: string; srcset: string; width: number; height: number } | null;
  /** Set for a video this viewer may not watch: it stays in the row, and is never played. */
  lock: PlayerLock | null;
}

export interface ItemTemplates extends LockedVideoStrings {
  /** 'Duration {duration}'. */
  durationLabel: string;
  /** 'by {name}'. */
  byOwner: string;
}

export interface ItemContext {
  albumId: number;
  /** '' for English, else '/{locale}'. */
  localePrefix: string;
  continuousPlay: boolean;
  /** The showcase address's carried query (share hash, offsite markers, referrer, is_embed). */
  carried: CarriedQuery;
  templates: ItemTemplates;
  /** The showcase address, localized: where the filter page comes back to. */
  returnTo: string;
}

/** Null for a video without an id (SPEC §4: such a video is not playable here). */
export function toPlayerItem(
  video: VideoLike,
  { albumId, localePrefix, continuousPlay, carried, templates, returnTo }: ItemContext,
): PlayerItem | null {
  const id = videoIdOf(video.uri);
  if (id === null) return null;
  const sizes = video.pictures.sizes;
  const smallest = pickPicture(sizes, 0);
  const duration = formatDuration(video.duration);
  const view = videoViewPath(albumId, id);
  const href = localePrefix + withQuery(view, carried);
  const kind = video.content_lock ?? null;
  return {
    id,
    name: kind === 'content_filter' ? templates.lockedByFilter : video.name,
    href,
    frameSrc:
      localePrefix +
      playerFramePath({
        albumId,
        videoId: id,
        autoplay: true,
        continuousPlay,
        shareHash: carried.sh,
      }),
    duration,
    durationWords: wordsAround(templates.durationLabel, 'duration'),
    byOwner: fillMessage(templates.byOwner, { name: video.user.name }),
    thumbnail: smallest
      ? {
          src: smallest.link,
          srcset: sizes.map((s) => `${s.link} ${s.width}w`).join(', '),
          width: smallest.width,
          height: smallest.height,
        }
      : null,
    lock: kind
      ? {
          kind,
          href: localePrefix + lockActionPath(kind, { videoPath: href, returnTo }),
          action: kind === 'content_filter' ? templates.changeFilter : templates.logInToWatch,
          rating: ratingName(templates, video.content_rating_class),
        }
      : null,
  };
}
