/**
 * Replacing a live event's stream key against a real database, and the ingest address shown
 * beside it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('streamkeys');

const { getDb } = await import('../db/client.ts');
const { parseConfig } = await import('../config.ts');
const schema = await import('../db/schema.ts');
const { findEventByKey } = await import('./liveEventStore.ts');
const { ingestUrl, newStreamKey, rotateStreamKey } = await import('./streamKeys.ts');

async function addEvent(values: Partial<typeof schema.liveEvents.$inferInsert>): Promise<number> {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: `${newStreamKey()}@example.test`, name: 'Live owner' })
    .returning();
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name: 'Launch', type: 'live' })
    .returning();
  await db
    .insert(schema.liveEvents)
    .values({ videoId: video!.id, status: 'ready', startTime: new Date(), ...values });
  return video!.id;
}

async function eventRow(videoId: number) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.liveEvents)
    .where(eq(schema.liveEvents.videoId, videoId));
  return row!;
}

describe('rotateStreamKey', () => {
  it('gives the event a new key: the encoder is let in with it and refused with the old one', async () => {
    const old = newStreamKey();
    const videoId = await addEvent({ streamKey: old });
    const db = await getDb();

    const key = await rotateStreamKey(db, videoId);

    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(key).not.toBe(old);
    expect(await findEventByKey(db, old)).toBeNull();
    expect((await findEventByKey(db, key!))?.videoId).toBe(videoId);
  });

  it('gives a key to an event that had none', async () => {
    const videoId = await addEvent({ streamKey: null });
    const key = await rotateStreamKey(await getDb(), videoId);
    expect((await eventRow(videoId)).streamKey).toBe(key);
  });

  it('leaves a broadcast on the air with the old key on the air', async () => {
    const videoId = await addEvent({
      streamKey: newStreamKey(),
      status: 'streaming',
      ingestNode: 'ingest-a',
      heartbeatAt: new Date(),
    });
    await rotateStreamKey(await getDb(), videoId);
    const after = await eventRow(videoId);
    expect(after.status).toBe('streaming');
    expect(after.ingestNode).toBe('ingest-a');
  });

  it('gives an ended event no key to go live with again', async () => {
    const videoId = await addEvent({ streamKey: null, status: 'done' });
    expect(await rotateStreamKey(await getDb(), videoId)).toBeNull();
    expect((await eventRow(videoId)).streamKey).toBeNull();
  });

  it('answers null for a video that is not a live event', async () => {
    expect(await rotateStreamKey(await getDb(), 987654)).toBeNull();
  });
});

describe('ingestUrl', () => {
  it("is this process's ingest on the page's host by default", () => {
    expect(ingestUrl('video.example.com', parseConfig({}))).toBe(
      'rtmp://video.example.com:1935/live',
    );
    expect(ingestUrl('127.0.0.1', parseConfig({ RTMP_PORT: '4632' }))).toBe(
      'rtmp://127.0.0.1:4632/live',
    );
  });

  it('is RTMP_PUBLIC_URL when set, even where this process takes no streams', () => {
    const settings = parseConfig({
      RTMP_PORT: 'off',
      RTMP_PUBLIC_URL: 'rtmp://live.example.com/live',
    });
    expect(ingestUrl('video.example.com', settings)).toBe('rtmp://live.example.com/live');
  });

  it('is null when this process takes no streams and no public ingest is named', () => {
    expect(ingestUrl('video.example.com', parseConfig({ RTMP_PORT: 'off' }))).toBeNull();
  });
});
