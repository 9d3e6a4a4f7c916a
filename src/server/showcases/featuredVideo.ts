/**
 * The featured video an owner chose for a showcase (featured_video_id), when a viewer may see
 * it there: still in the showcase, ready and not private, and, where upcoming events are
 * hidden, not an event yet to go on the air. Otherwise the featured slot takes the first
 * video in the showcase's order.
 */
import type { Db } from '../db/client.ts';
import { findShowcaseVideo, type ShowcaseRow, type VideoWithMedia } from './showcaseQueries.ts';

const ON_AIR_OR_OVER = new Set(['streaming', 'done']);

export async function chosenFeaturedVideo(
  db: Db,
  showcase: Pick<ShowcaseRow, 'id' | 'featuredVideoId' | 'hideUpcoming'>,
): Promise<VideoWithMedia | null> {
  if (showcase.featuredVideoId === null) return null;
  const item = await findShowcaseVideo(db, showcase.id, showcase.featuredVideoId);
  if (!item) return null;
  if (
    showcase.hideUpcoming &&
    item.video.type === 'live' &&
    !ON_AIR_OR_OVER.has(item.live?.status ?? '')
  )
    return null;
  return item;
}
