/**
 * The schedule tick against a real database (PGlite in a temporary folder, or the PostgreSQL
 * of DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('tick');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { refreshScheduledEvents } = await import('./scheduleTick.ts');

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// A Thursday, 18:00 in Paris.
const now = new Date('2026-06-04T16:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);

type EventValues = Omit<typeof schema.liveEvents.$inferInsert, 'videoId'>;
const events = new Map<string, number>();

async function addEvent(name: string, values: EventValues) {
  const db = await getDb();
  const [owner] = await db.select().from(schema.users).limit(1);
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name, type: 'live' })
    .returning();
  await db.insert(schema.liveEvents).values({ videoId: video!.id, ...values });
  events.set(name, video!.id);
}

async function event(name: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.liveEvents)
    .where(eq(schema.liveEvents.videoId, events.get(name)!));
  return { status: row!.status, startTime: row!.startTime?.toISOString() ?? null };
}

let changed = 0;

beforeAll(async () => {
  const db = await getDb();
  await db.insert(schema.users).values({ email: 'o@example.test', name: 'Owner' });
  await addEvent('far one-off', { status: 'unavailable', startTime: ahead(3 * DAY) });
  await addEvent('one-off in ten minutes', { status: 'pending', startTime: ahead(10 * MINUTE) });
  await addEvent('one-off that began without its encoder', {
    status: 'ready',
    startTime: ago(5 * HOUR),
  });
  await addEvent('no start time', { status: 'pending', startTime: null });
  await addEvent('weekly, an hour late', {
    status: 'ready',
    startTime: ago(HOUR),
    rrule: 'FREQ=WEEKLY;BYDAY=TH',
    timeZone: 'Europe/Paris',
  });
  await addEvent('weekly, three hours late', {
    status: 'ready',
    startTime: ago(3 * HOUR),
    rrule: 'FREQ=WEEKLY;BYDAY=TH',
    timeZone: 'Europe/Paris',
  });
  await addEvent('weekly, on the air', {
    status: 'streaming',
    startTime: ago(3 * HOUR),
    rrule: 'FREQ=WEEKLY;BYDAY=TH',
    timeZone: 'Europe/Paris',
  });
  await addEvent('one-off, over', { status: 'done', startTime: ago(2 * DAY) });
  await addEvent('unreadable rule', {
    status: 'pending',
    startTime: ago(3 * HOUR),
    rrule: 'FREQ=DAILY',
    timeZone: 'UTC',
  });
  changed = await refreshScheduledEvents(db, now);
});

describe('the schedule tick', () => {
  it('makes an event pending or ready by how soon it starts', async () => {
    expect(await event('far one-off')).toEqual({
      status: 'pending',
      startTime: ahead(3 * DAY).toISOString(),
    });
    expect(await event('one-off in ten minutes')).toEqual({
      status: 'ready',
      startTime: ahead(10 * MINUTE).toISOString(),
    });
  });

  it('keeps a one-off event ready for its encoder after its start', async () => {
    expect(await event('one-off that began without its encoder')).toEqual({
      status: 'ready',
      startTime: ago(5 * HOUR).toISOString(),
    });
  });

  it('makes an event without a start time unavailable', async () => {
    expect(await event('no start time')).toEqual({ status: 'unavailable', startTime: null });
  });

  it('keeps a recurring event on its occurrence for the late window, then rolls on to the next', async () => {
    expect(await event('weekly, an hour late')).toEqual({
      status: 'ready',
      startTime: ago(HOUR).toISOString(),
    });
    expect(await event('weekly, three hours late')).toEqual({
      status: 'pending',
      startTime: ago(3 * HOUR - 7 * DAY).toISOString(),
    });
  });

  it('leaves events on the air or over alone', async () => {
    expect(await event('weekly, on the air')).toEqual({
      status: 'streaming',
      startTime: ago(3 * HOUR).toISOString(),
    });
    expect(await event('one-off, over')).toEqual({
      status: 'done',
      startTime: ago(2 * DAY).toISOString(),
    });
  });

  it('skips an event whose rule it cannot read', async () => {
    expect(await event('unreadable rule')).toEqual({
      status: 'pending',
      startTime: ago(3 * HOUR).toISOString(),
    });
  });

  it('counts the events it changed, and changes nothing when run again', async () => {
    expect(changed).toBe(4);
    expect(await refreshScheduledEvents(await getDb(), now)).toBe(0);
  });
});
