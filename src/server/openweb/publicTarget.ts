/**
 * What the open web may be told of: a showcase anybody may open, and a public video of it
 * (src/lib/publicVideo.ts). Decided by the one access path (showcaseAccess.ts) for a visitor
 * with nothing at all: no session, no password proof, no share hash, so an unlisted or
 * password showcase is never public however the request came.
 */
import { CONTENT_RATINGS } from '../../lib/domain.ts';
import { isPublicVideo } from '../../lib/publicVideo.ts';
import { openShowcase, type OpenShowcase, type ShowcaseViewer } from '../access/showcaseAccess.ts';
import type { Db } from '../db/client.ts';
import { findShowcaseVideo, type VideoWithMedia } from '../showcases/showcaseQueries.ts';

const NOBODY: ShowcaseViewer = {
  access: { viewerId: null, proof: null, shareHash: null, embedded: false },
  carried: {},
  offsite: false,
  // Which ratings are public is isPublicVideo's to say, not a filter's.
  allowedRatings: CONTENT_RATINGS,
  ofcomQualifies: false,
  ageConfirmed: false,
};

export async function findPublicShowcase(db: Db, albumId: number): Promise<OpenShowcase | null> {
  const access = await openShowcase(db, albumId, NOBODY);
  return access.open && access.showcase.shareable ? access.showcase : null;
}

export async function findPublicVideo(db: Db, albumId: number, videoId: number): Promise<{ showcase: OpenShowcase; item: VideoWithMedia } | null> {
  const showcase = await findPublicShowcase(db, albumId);
  const item = showcase ? await findShowcaseVideo(db, albumId, videoId) : null;
  return showcase && item && isPublicVideo(item.video) ? { showcase, item } : null;
}
