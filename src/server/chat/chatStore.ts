/**
 * Live chat in the database: rooms (one per live event), messages with the broadcast and
 * offset they were posted at (what a replay plays them back by), deletions and mutes.
 * Authors are shown by name, with the badge of the event's owner or an Admin of the owner's
 * team (src/lib/chatPermissions.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { chatBadge } from '../../lib/chatPermissions.ts';
import type { ChatAudience, ChatMessageJson, ChatStatusJson } from '../../lib/chatWire.ts';
import type { TeamRole } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import {
  chatMessages,
  chatMutes,
  chatRooms,
  liveBroadcasts,
  liveEvents,
  teamMemberships,
  teams,
  users,
  videos,
} from '../db/schema.ts';
import { membershipIn } from '../teams/teamQueries.ts';

/** The live event a room belongs to. */
export interface ChatRoom {
  id: number;
  status: ChatStatusJson;
  event: { videoId: number; ownerId: number; name: string; status: string };
}

export async function findChatRoom(db: Db, roomId: number): Promise<ChatRoom | null> {
  const [row] = await db
    .select({
      id: chatRooms.id,
      chatEnabled: chatRooms.chatEnabled,
      audience: chatRooms.audience,
      videoId: videos.id,
      ownerId: videos.ownerId,
      name: videos.name,
      status: liveEvents.status,
    })
    .from(chatRooms)
    .innerJoin(liveEvents, eq(liveEvents.chatRoomId, chatRooms.id))
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: { chatEnabled: row.chatEnabled, audience: row.audience as ChatAudience },
    event: { videoId: row.videoId, ownerId: row.ownerId, name: row.name, status: row.status },
  };
}

export async function chatStatus(db: Db, roomId: number): Promise<ChatStatusJson | null> {
  const [row] = await db
    .select({ chatEnabled: chatRooms.chatEnabled, audience: chatRooms.audience })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId));
  return row ? { chatEnabled: row.chatEnabled, audience: row.audience as ChatAudience } : null;
}

export async function updateChatStatus(
  db: Db,
  roomId: number,
  change: Partial<ChatStatusJson>,
): Promise<ChatStatusJson | null> {
  const [row] = await db
    .update(chatRooms)
    .set({
      ...(change.chatEnabled === undefined ? {} : { chatEnabled: change.chatEnabled }),
      ...(change.audience === undefined ? {} : { audience: change.audience }),
    })
    .where(eq(chatRooms.id, roomId))
    .returning({ chatEnabled: chatRooms.chatEnabled, audience: chatRooms.audience });
  return row ? { chatEnabled: row.chatEnabled, audience: row.audience as ChatAudience } : null;
}

/** The viewer's role towards the event's owner (SPEC §6 derivation): Owner for the owner, else their membership in the owner's team. */
export async function chatRoleOf(
  db: Db,
  userId: number | null,
  ownerId: number,
): Promise<TeamRole | null> {
  if (userId === null) return null;
  if (userId === ownerId) return 'Owner';
  return (await membershipIn(db, userId, ownerId))?.role ?? null;
}

/** The roles of several authors at once, for their badges. */
async function rolesOf(db: Db, userIds: number[], ownerId: number): Promise<Map<number, TeamRole>> {
  const roles = new Map<number, TeamRole>();
  const others = [...new Set(userIds)].filter((id) => id !== ownerId);
  if (userIds.includes(ownerId)) roles.set(ownerId, 'Owner');
  if (others.length === 0) return roles;
  const rows = await db
    .select({ userId: teamMemberships.userId, role: teamMemberships.role })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(and(inArray(teamMemberships.userId, others), eq(teams.ownerId, ownerId)));
  for (const row of rows) roles.set(row.userId, row.role as TeamRole);
  return roles;
}

export async function isMuted(db: Db, roomId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatMutes.userId })
    .from(chatMutes)
    .where(and(eq(chatMutes.roomId, roomId), eq(chatMutes.userId, userId)));
  return Boolean(row);
}

export async function setMuted(
  db: Db,
  roomId: number,
  userId: number,
  muted: boolean,
  by: number,
): Promise<void> {
  if (muted)
    await db.insert(chatMutes).values({ roomId, userId, mutedBy: by }).onConflictDoNothing();
  else
    await db
      .delete(chatMutes)
      .where(and(eq(chatMutes.roomId, roomId), eq(chatMutes.userId, userId)));
}

/** The broadcast of the event on the air now, if any. */
async function broadcastOnAir(
  db: Db,
  eventVideoId: number,
): Promise<{ id: number; startedAt: Date } | null> {
  const [row] = await db
    .select({ id: liveBroadcasts.id, startedAt: liveBroadcasts.startedAt })
    .from(liveBroadcasts)
    .where(and(eq(liveBroadcasts.eventVideoId, eventVideoId), eq(liveBroadcasts.status, 'live')))
    .orderBy(desc(liveBroadcasts.startedAt), desc(liveBroadcasts.id))
    .limit(1);
  return row ?? null;
}

const messageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  body: chatMessages.body,
  createdAt: chatMessages.createdAt,
  offsetMs: chatMessages.offsetMs,
  authorId: chatMessages.userId,
  authorName: users.name,
};

type MessageRow = {
  id: number;
  roomId: number;
  body: string;
  createdAt: Date;
  offsetMs: number | null;
  authorId: number | null;
  authorName: string | null;
};

function messageJson(row: MessageRow, roles: ReadonlyMap<number, TeamRole>): ChatMessageJson {
  return {
    id: row.id,
    room_id: row.roomId,
    body: row.body,
    created_at: new Date(row.createdAt).toISOString(),
    offset_ms: row.offsetMs,
    // An account deleted since keeps its words but loses its name.
    author: {
      id: row.authorId ?? 0,
      name: row.authorName ?? '',
      badge: row.authorId === null ? null : chatBadge(roles.get(row.authorId) ?? null),
    },
  };
}

async function messagesJson(
  db: Db,
  room: ChatRoom,
  rows: MessageRow[],
): Promise<ChatMessageJson[]> {
  const roles = await rolesOf(
    db,
    rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
    room.event.ownerId,
  );
  return rows.map((row) => messageJson(row, roles));
}

export interface NewChatMessage {
  room: ChatRoom;
  userId: number;
  /** The author's role towards the event's owner, for their badge. */
  role: TeamRole | null;
  body: string;
  now?: Date;
}

/** Stores a message, stamped with the broadcast on the air and its offset into it. */
export async function insertChatMessage(
  db: Db,
  { room, userId, role, body, now = new Date() }: NewChatMessage,
): Promise<ChatMessageJson> {
  const onAir = await broadcastOnAir(db, room.event.videoId);
  const offsetMs = onAir ? Math.max(0, now.getTime() - new Date(onAir.startedAt).getTime()) : null;
  const [inserted] = await db
    .insert(chatMessages)
    .values({
      roomId: room.id,
      userId,
      body,
      createdAt: now,
      broadcastId: onAir?.id ?? null,
      offsetMs,
    })
    .returning({ id: chatMessages.id });
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.id, inserted!.id));
  return messageJson(row!, new Map(role ? [[userId, role]] : []));
}

/** The room's latest `limit` messages, or with `afterId` the next ones after it; oldest first. */
export async function listChatMessages(
  db: Db,
  room: ChatRoom,
  { afterId, limit }: { afterId?: number | null; limit: number },
): Promise<ChatMessageJson[]> {
  const visible = and(eq(chatMessages.roomId, room.id), isNull(chatMessages.deletedAt));
  const query = db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId));
  if (afterId !== undefined && afterId !== null) {
    const rows = await query
      .where(and(visible, gt(chatMessages.id, afterId)))
      .orderBy(asc(chatMessages.id))
      .limit(limit);
    return messagesJson(db, room, rows);
  }
  const rows = await query.where(visible).orderBy(desc(chatMessages.id)).limit(limit);
  return messagesJson(db, room, rows.reverse());
}

/** Ids among the room's latest `window` messages that a moderator deleted: what a reconnecting reader must drop. */
export async function recentlyDeletedIds(
  db: Db,
  roomId: number,
  window: number,
): Promise<number[]> {
  const latest = db
    .select({ id: chatMessages.id, deletedAt: chatMessages.deletedAt })
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(window)
    .as('latest');
  const rows = await db.select({ id: latest.id }).from(latest).where(isNotNull(latest.deletedAt));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Marks a message deleted; false when the room has no such message (or it was already deleted). */
export async function deleteChatMessage(
  db: Db,
  roomId: number,
  messageId: number,
  by: number,
): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ deletedAt: new Date(), deletedBy: by })
    .where(
      and(
        eq(chatMessages.id, messageId),
        eq(chatMessages.roomId, roomId),
        isNull(chatMessages.deletedAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** The broadcast whose replay is `videoId`, when it is one of this event's. */
export async function replayBroadcastOf(
  db: Db,
  eventVideoId: number,
  videoId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: liveBroadcasts.id })
    .from(liveBroadcasts)
    .where(
      and(eq(liveBroadcasts.eventVideoId, eventVideoId), eq(liveBroadcasts.replayVideoId, videoId)),
    )
    .orderBy(desc(liveBroadcasts.startedAt))
    .limit(1);
  return row?.id ?? null;
}

/** A broadcast's messages in the order they were said, for its replay. */
export async function replayChatMessages(
  db: Db,
  room: ChatRoom,
  broadcastId: number,
): Promise<ChatMessageJson[]> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.roomId, room.id),
        eq(chatMessages.broadcastId, broadcastId),
        isNull(chatMessages.deletedAt),
      ),
    )
    .orderBy(asc(chatMessages.offsetMs), asc(chatMessages.id));
  return messagesJson(db, room, rows);
}

/** The chat a video shows: its own room while it is an event, the event's room in replay once it is a replay. */
export interface VideoChat {
  roomId: number;
  mode: 'live' | 'replay';
}

export async function chatOfVideo(db: Db, videoId: number): Promise<VideoChat | null> {
  // One read on every video view: the event the video is, or the event whose broadcast it replays.
  const [row] = await db
    .select({
      roomId: liveEvents.chatRoomId,
      eventVideoId: liveEvents.videoId,
      status: liveEvents.status,
      replay: liveBroadcasts.id,
    })
    .from(liveEvents)
    .leftJoin(
      liveBroadcasts,
      and(
        eq(liveBroadcasts.eventVideoId, liveEvents.videoId),
        eq(liveBroadcasts.replayVideoId, videoId),
      ),
    )
    .where(
      and(
        isNotNull(liveEvents.chatRoomId),
        or(eq(liveEvents.videoId, videoId), isNotNull(liveBroadcasts.id)),
      ),
    )
    .limit(1);
  if (!row?.roomId) return null;
  // A one-off event becomes its own replay once it is over (src/server/live/replay.ts).
  const replay = row.replay !== null && (row.eventVideoId !== videoId || row.status === 'done');
  return { roomId: row.roomId, mode: replay ? 'replay' : 'live' };
}
