/**
 * The demo accounts' upload history, so the quota widget shows each mood on a fresh demo:
 * uploads whose videos were since deleted, which still count against their period.
 */
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;
const GB = 1024 ** 3;

/** Per demo account key: how many uploads in the last days, and their size. */
const DEMO_UPLOADS: Record<string, { count: number; bytes: number }> = {
  // 20 GB a week: 2.4 GB used, safe.
  owner: { count: 3, bytes: 0.8 * GB },
  // 20 GB a week: 14 GB used (70 %), warn: almost out of space.
  admin: { count: 7, bytes: 2 * GB },
  // 10 videos in all: 2 used, safe.
  contributor: { count: 2, bytes: 0.1 * GB },
  // 10 videos in all: 6 used, warn: almost reached the video limit.
  viewer: { count: 6, bytes: 0.1 * GB },
  // 10 videos in all: all used, limit: the video limit is reached.
  member: { count: 10, bytes: 0.1 * GB },
};

export async function seedDemoUploads(
  db: Pick<Db, 'insert'>,
  accountIds: ReadonlyMap<string, number>,
  now: number,
): Promise<void> {
  const values = [...accountIds].flatMap(([key, userId]) => {
    const history = DEMO_UPLOADS[key];
    if (!history) return [];
    // One a day, the newest a few hours ago, all within the current week.
    return Array.from({ length: history.count }, (_, i) => ({
      userId,
      bytes: Math.round(history.bytes),
      createdAt: new Date(now - (i * 0.8 + 0.1) * DAY),
    }));
  });
  if (values.length > 0) await db.insert(uploads).values(values);
}
