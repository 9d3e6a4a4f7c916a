/**
 * The upload lock across nodes, on a real PostgreSQL database (each locker a connection of its
 * own, as two app nodes have): a request on the second node asks the first to let go, and
 * gets the lock once it did; it gives up, answering tus's lock timeout, when the first holds on.
 */
import { ERRORS } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

const onPostgres = Boolean(process.env['DATABASE_URL']);
await useTestDatabase('uploadlocks');
const { createUploadLocker } = await import('./uploadLocker.ts');

const lockers: ReturnType<typeof createUploadLocker>[] = [];
const node = (timeoutMs = 10_000) => {
  const locker = createUploadLocker(process.env['DATABASE_URL'], { timeoutMs });
  lockers.push(locker);
  return locker;
};

afterAll(async () => {
  await Promise.all(lockers.map((locker) => locker.close()));
});

const never = new AbortController().signal;

describe.skipIf(!onPostgres)('the upload lock across nodes', () => {
  it('is let go by its holder on another node when asked, and then taken', async () => {
    const [first, second] = [node(), node()];
    const held = first.newLock('aaaa0000aaaa0000');
    let asked = 0;
    await held.lock(never, async () => {
      asked += 1;
      await held.unlock();
    });
    const events: string[] = [];
    await second.newLock('aaaa0000aaaa0000').lock(never, () => {
      events.push('asked the second');
    });
    expect(asked).toBe(1);
    expect(events).toEqual([]);
  });

  it('keeps a request waiting while the holder holds on, then answers the lock timeout', async () => {
    const [first, second] = [node(), node(400)];
    await first.newLock('bbbb0000bbbb0000').lock(never, () => {});
    await expect(second.newLock('bbbb0000bbbb0000').lock(never, () => {})).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    await expect(second.newLock('cccc0000cccc0000').lock(never, () => {})).resolves.toBeUndefined();
  });
});
