/**
 * The one place that decides what a viewer may do in a live chat room. Reading follows the
 * event's access: the viewer must be able to open a showcase holding the event (or the
 * replay they watch) through the showcase access path, past its content gates, exactly as
 * they would to watch it. A room asked for without a showcase is looked for in the
 * showcases holding its video. Then posting and moderating follow src/lib/chatPermissions.ts.
 */
import { asc, eq } from 'drizzle-orm';
import { canModerate, chatPostRefusal } from '../../lib/chatPermissions.ts';
import type { ChatRefusal } from '../../lib/chatWire.ts';
import type { TeamRole } from '../../lib/domain.ts';
import { openShowcase, type ShowcaseViewer } from '../access/showcaseAccess.ts';
import type { Db } from '../db/client.ts';
import { showcaseVideos } from '../db/schema.ts';
import { findShowcaseVideo } from '../showcases/showcaseQueries.ts';
import {
  chatRoleOf,
  findChatRoom,
  isMuted,
  replayBroadcastOf,
  type ChatRoom,
} from './chatStore.ts';

export interface ChatContext {
  roomId: number;
  /** The showcase the viewer watches in (the `album` parameter), if given. */
  albumId: number | null;
  /** The event's video or one of its replays (the `video` parameter); the event when absent. */
  videoId: number | null;
  viewerId: number | null;
  /** The viewer as seen by the showcase `albumId` (cookies, share hash, filters). */
  viewerFor(albumId: number): ShowcaseViewer;
}

export interface ChatRoomAccess {
  room: ChatRoom;
  albumId: number;
  videoId: number;
  mode: 'live' | 'replay';
  /** The broadcast whose replay is watched (replay mode). */
  broadcastId: number | null;
  viewerId: number | null;
  /** Their role towards the event's owner (Owner, a team role, or none). */
  role: TeamRole | null;
  moderator: boolean;
  /** Why this viewer may not post now; null when they may. */
  postRefusal: ChatRefusal | null;
}

export type ChatAccessResult =
  | { ok: true; access: ChatRoomAccess }
  | { ok: false; refusal: Extract<ChatRefusal, 'unknown_room' | 'no_access'> };

/** The showcases to try: the one named, else every showcase holding the video, oldest first. */
async function candidateShowcases(
  db: Db,
  albumId: number | null,
  videoId: number,
): Promise<number[]> {
  if (albumId !== null) return [albumId];
  const rows = await db
    .select({ id: showcaseVideos.showcaseId })
    .from(showcaseVideos)
    .where(eq(showcaseVideos.videoId, videoId))
    .orderBy(asc(showcaseVideos.showcaseId))
    .limit(20);
  return rows.map((r) => r.id);
}

/** Whether the viewer may watch `videoId` in showcase `albumId`: open, past the age gate, not locked. */
async function mayWatchIn(
  db: Db,
  albumId: number,
  videoId: number,
  viewer: ShowcaseViewer,
): Promise<boolean> {
  const opened = await openShowcase(db, albumId, viewer);
  if (!opened.open || opened.showcase.ageGate) return false;
  const item = await findShowcaseVideo(db, albumId, videoId);
  return item !== null && opened.showcase.lockOf(item) === null;
}

export async function decideChatAccess(db: Db, context: ChatContext): Promise<ChatAccessResult> {
  const room = await findChatRoom(db, context.roomId);
  if (!room) return { ok: false, refusal: 'unknown_room' };
  const videoId = context.videoId ?? room.event.videoId;

  let broadcastId: number | null = null;
  if (videoId !== room.event.videoId || room.event.status === 'done') {
    broadcastId = await replayBroadcastOf(db, room.event.videoId, videoId);
    // Another video than the event's own must be one of its replays.
    if (broadcastId === null && videoId !== room.event.videoId)
      return { ok: false, refusal: 'unknown_room' };
  }

  let albumId: number | null = null;
  for (const candidate of await candidateShowcases(db, context.albumId, videoId)) {
    if (await mayWatchIn(db, candidate, videoId, context.viewerFor(candidate))) {
      albumId = candidate;
      break;
    }
  }
  if (albumId === null) return { ok: false, refusal: 'no_access' };

  const mode = broadcastId === null ? 'live' : 'replay';
  const role = await chatRoleOf(db, context.viewerId, room.event.ownerId);
  const muted =
    context.viewerId !== null && !canModerate(role)
      ? await isMuted(db, room.id, context.viewerId)
      : false;
  return {
    ok: true,
    access: {
      room,
      albumId,
      videoId,
      mode,
      broadcastId,
      viewerId: context.viewerId,
      role,
      moderator: canModerate(role),
      postRefusal: chatPostRefusal({
        mode,
        chatEnabled: room.status.chatEnabled,
        audience: room.status.audience,
        signedIn: context.viewerId !== null,
        role,
        muted,
      }),
    },
  };
}
