/**
 * What oEmbed may answer for: a showcase anybody may open, and a public video of it
 * (src/lib/publicVideo.ts), as the one access path opens them for a stranger
 * (strangerViewer.ts: no session, no password proof, no share link), so an unlisted or
 * password showcase is never public however the request came.
 */
import { isPublicVideo } from '../../lib/publicVideo.ts';
import type { OpenShowcase } from '../access/showcaseAccess.ts';
import { openToStrangers } from '../access/strangerViewer.ts';
import type { Db } from '../db/client.ts';
import { findShowcaseVideo, type VideoWithMedia } from '../showcases/showcaseQueries.ts';

export async function findPublicShowcase(db: Db, albumId: number): Promise<OpenShowcase | null> {
  const showcase = await openToStrangers(db, albumId);
  return showcase?.shareable ? showcase : null;
}

export async function findPublicVideo(
  db: Db,
  albumId: number,
  videoId: number,
): Promise<{ showcase: OpenShowcase; item: VideoWithMedia } | null> {
  const showcase = await findPublicShowcase(db, albumId);
  const item = showcase ? await findShowcaseVideo(db, albumId, videoId) : null;
  return showcase && item && isPublicVideo(item.video) ? { showcase, item } : null;
}
