/**
 * The lock the tus server takes around each request that writes an upload, across every node
 * of a site. On one process (the embedded database) tus's own in-memory lock is enough. On
 * PostgreSQL the lock is also a session-level advisory lock on one connection of this
 * process's, keyed by the upload: a PATCH on another node waits for it, and first asks its
 * holder, through NOTIFY, to let go, as tus's own lock asks a request on the same node. The
 * holder's request then stops reading, keeps what arrived and answers; the client resumes
 * from there. A holder whose process died lost its connection, and with it the lock.
 */
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import postgres from 'postgres';

/** Advisory locks of uploads: this number and a hash of the upload's id. */
const UPLOAD_LOCKS = 7_620_003;
const RELEASE_CHANNEL = 'vitrine_upload_release';
const RETRY_MS = 100;

export interface UploadLockerOptions {
  /** How long a request waits for an upload another request writes. */
  timeoutMs?: number;
}

export function createUploadLocker(
  databaseUrl: string | undefined,
  { timeoutMs = 30_000 }: UploadLockerOptions = {},
): Locker & { close(): Promise<void> } {
  const local = new MemoryLocker({ acquireLockTimeout: timeoutMs });
  if (!databaseUrl) return Object.assign(local, { close: async () => {} });
  const shared = new SharedUploadLocks(databaseUrl, timeoutMs);
  return {
    newLock: (id) => new ClusterLock(id, local.newLock(id), shared),
    close: () => shared.close(),
  };
}

class ClusterLock implements Lock {
  private readonly id: string;
  private readonly local: Lock;
  private readonly shared: SharedUploadLocks;

  constructor(id: string, local: Lock, shared: SharedUploadLocks) {
    this.id = id;
    this.local = local;
    this.shared = shared;
  }

  async lock(signal: AbortSignal, release: RequestRelease): Promise<void> {
    await this.local.lock(signal, release);
    try {
      await this.shared.acquire(this.id, signal, release);
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    try {
      await this.shared.release(this.id);
    } finally {
      await this.local.unlock();
    }
  }
}

class SharedUploadLocks {
  /** One session, never recycled while it holds locks: they live and die with it. */
  private readonly sql: postgres.Sql;
  private readonly held = new Map<string, RequestRelease>();
  private listening: Promise<unknown> | undefined;

  private readonly timeoutMs: number;

  constructor(databaseUrl: string, timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    this.sql = postgres(databaseUrl, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: 0,
      onnotice: () => {},
    });
  }

  async acquire(id: string, signal: AbortSignal, release: RequestRelease): Promise<void> {
    this.listening ??= this.sql.listen(RELEASE_CHANNEL, (wanted) => void this.held.get(wanted)?.());
    await this.listening;
    const deadline = Date.now() + this.timeoutMs;
    let asked = false;
    for (;;) {
      const [row] = await this.sql<{ taken: boolean }[]>`
        select pg_try_advisory_lock(${UPLOAD_LOCKS}, hashtext(${id})) as taken`;
      if (row?.taken) {
        this.held.set(id, release);
        return;
      }
      if (!asked) {
        await this.sql`select pg_notify(${RELEASE_CHANNEL}, ${id})`;
        asked = true;
      }
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async release(id: string): Promise<void> {
    if (!this.held.delete(id)) return;
    await this.sql`select pg_advisory_unlock(${UPLOAD_LOCKS}, hashtext(${id}))`;
  }

  close(): Promise<void> {
    return this.sql.end({ timeout: 5 });
  }
}
