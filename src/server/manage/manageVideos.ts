/** The videos of an account, as /manage/videos lists them (newest first). */
import { and, desc, eq } from 'drizzle-orm';
import type { VideoPrivacy } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import { videos } from '../db/schema.ts';

export interface ManagedVideo {
  id: number;
  name: string;
  privacyView: VideoPrivacy;
}

const columns = { id: videos.id, name: videos.name, privacyView: videos.privacyView };

export async function listAccountVideos(db: Db, ownerId: number): Promise<ManagedVideo[]> {
  const found = await db.select(columns).from(videos).where(eq(videos.ownerId, ownerId)).orderBy(desc(videos.createdAt), desc(videos.id));
  return found.map((row) => ({ ...row, privacyView: row.privacyView as VideoPrivacy }));
}

export async function findAccountVideo(db: Db, ownerId: number, videoId: number): Promise<ManagedVideo | null> {
  const [row] = await db.select(columns).from(videos).where(and(eq(videos.ownerId, ownerId), eq(videos.id, videoId))).limit(1);
  return row ? { ...row, privacyView: row.privacyView as VideoPrivacy } : null;
}
