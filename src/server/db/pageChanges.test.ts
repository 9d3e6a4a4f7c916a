/**
 * The page cache's invalidation at the database (drizzle/0007_page_invalidation.sql,
 * 0009_quiet_accounts.sql): a write to each table a public page shows reaches the listener with
 * the table's name; updates of columns no page shows (a file's last access, a live heartbeat, a
 * recording's segment count, a password) and a sign-up forget no page; a write to a viewer's
 * own things (0010_viewer_changes.sql) is heard as 'viewers', a session's sliding expiry not;
 * `caughtUp` resolves only after earlier changes were received. Embedded PGlite, or the
 * PostgreSQL of DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './testDatabase.ts';

await useTestDatabase('pagechanges');

const { sql } = await import('drizzle-orm');
const { getDb } = await import('./client.ts');
const { listenForPageChanges } = await import('./pageChanges.ts');
const db = await getDb();

const heard: string[] = [];
let gaps = 0;
const changes = await listenForPageChanges({
  onChange: (table) => heard.push(table),
  onGap: () => (gaps += 1),
});

/** The tables `write` was heard to change, once this node has caught up with it. */
async function tablesChangedBy(write: () => Promise<unknown>): Promise<string[]> {
  await changes.caughtUp();
  heard.length = 0;
  await write();
  await changes.caughtUp();
  return [...new Set(heard)].sort();
}

// PGlite answers { rows }, postgres.js the rows themselves.
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
const exec = (query: ReturnType<typeof sql>) => db.execute(query);

describe('a write that changes a public page', () => {
  it('is heard from every table a page shows, by its name', async () => {
    await exec(sql`insert into users (email, name) values ('owner@example.test', 'Owner')`);
    const { id: userId } = await one<{ id: number }>(
      sql`select id from users where email = 'owner@example.test'`,
    );
    expect(
      await tablesChangedBy(() =>
        exec(sql`update users set name = 'Olivia Owner' where id = ${userId}`),
      ),
    ).toEqual(['users', 'viewers']);
    expect(
      await tablesChangedBy(() =>
        exec(sql`update users set membership_type = 'pro' where id = ${userId}`),
      ),
    ).toEqual(['users', 'viewers']);
    expect(
      await tablesChangedBy(() =>
        exec(sql`insert into showcases (owner_id, name) values (${userId}, 'Reel')`),
      ),
    ).toContain('showcases');
    const { id: showcaseId } = await one<{ id: number }>(sql`select id from showcases`);
    expect(
      await tablesChangedBy(() =>
        exec(sql`insert into videos (owner_id, name) values (${userId}, 'Harbour')`),
      ),
    ).toContain('videos');
    const { id: videoId } = await one<{ id: number }>(sql`select id from videos`);

    const writes: [string, () => Promise<unknown>][] = [
      [
        'videos',
        () => exec(sql`update videos set name = 'Harbour at night' where id = ${videoId}`),
      ],
      [
        'showcases',
        () => exec(sql`update showcases set privacy_view = 'password' where id = ${showcaseId}`),
      ],
      [
        'showcase_videos',
        () =>
          exec(
            sql`insert into showcase_videos (showcase_id, video_id, position) values (${showcaseId}, ${videoId}, 1)`,
          ),
      ],
      [
        'video_pictures',
        () =>
          exec(
            sql`insert into video_pictures (video_id, width, height, storage_key) values (${videoId}, 640, 350, 'p.jpg')`,
          ),
      ],
      [
        'text_tracks',
        () =>
          exec(
            sql`insert into text_tracks (video_id, language, display_name, storage_key) values (${videoId}, 'en', 'English', 't.vtt')`,
          ),
      ],
      [
        'video_files',
        () =>
          exec(
            sql`insert into video_files (video_id, quality, mime, storage_key) values (${videoId}, 'hd', 'video/mp4', 'v.mp4')`,
          ),
      ],
      [
        'video_files',
        () => exec(sql`update video_files set tier = 'archive' where video_id = ${videoId}`),
      ],
      ['chat_rooms', () => exec(sql`insert into chat_rooms (chat_enabled) values (true)`)],
      ['live_events', () => exec(sql`insert into live_events (video_id) values (${videoId})`)],
      [
        'live_events',
        () => exec(sql`update live_events set status = 'streaming' where video_id = ${videoId}`),
      ],
      [
        'live_broadcasts',
        () => exec(sql`insert into live_broadcasts (event_video_id) values (${videoId})`),
      ],
      [
        'live_broadcasts',
        () =>
          exec(sql`update live_broadcasts set status = 'ended' where event_video_id = ${videoId}`),
      ],
      [
        'stock_clips',
        () =>
          exec(sql`insert into stock_clips (video_id, creator_id) values (${videoId}, ${userId})`),
      ],
      [
        'stock_clip_qualities',
        () =>
          exec(
            sql`insert into stock_clip_qualities
              (clip_id, quality, product_id, format, dimension, codec, price_minor)
              values (${videoId}, 'HD', 'p1', 'mp4', '1920x1080', 'h264', 100)`,
          ),
      ],
      [
        'stock_collections',
        () => exec(sql`insert into stock_collections (name) values ('Oceans')`),
      ],
      [
        'stock_collection_clips',
        () =>
          exec(
            sql`insert into stock_collection_clips (collection_id, clip_id, position) values ((select id from stock_collections limit 1), ${videoId}, 1)`,
          ),
      ],
      ['showcase_videos', () => exec(sql`delete from showcase_videos where video_id = ${videoId}`)],
    ];
    for (const [table, write] of writes)
      expect(await tablesChangedBy(write), table).toContain(table);
  });

  it('is not heard when only a column no page shows changes', async () => {
    const { id: videoId } = await one<{ id: number }>(sql`select id from videos`);
    expect(
      await tablesChangedBy(() =>
        exec(
          sql`update video_files set last_accessed_at = now() + interval '1 minute' where video_id = ${videoId}`,
        ),
      ),
    ).toEqual([]);
    expect(
      await tablesChangedBy(() =>
        exec(
          sql`update live_events set heartbeat_at = now(), ingest_node = 'node-a', last_error = null, stream_health = '{"kbps": 1}', show_viewers = true where video_id = ${videoId}`,
        ),
      ),
    ).toEqual([]);
    expect(
      await tablesChangedBy(() =>
        exec(
          sql`update live_broadcasts set recorded_segments = recorded_segments + 1 where event_video_id = ${videoId}`,
        ),
      ),
    ).toEqual([]);
    expect(
      await tablesChangedBy(() =>
        exec(
          sql`insert into sessions (id_hash, user_id, xsrf_token, expires_at) values ('h', (select id from users limit 1), 'x', now() + interval '1 day')`,
        ),
      ),
    ).toEqual([]);
  });

  it('forgets no page when an account signs up or changes its password, and does when one is removed', async () => {
    expect(
      await tablesChangedBy(() =>
        exec(sql`insert into users (email, name) values ('newcomer@example.test', 'Newcomer')`),
      ),
    ).toEqual([]);
    expect(
      await tablesChangedBy(() =>
        exec(
          sql`update users set password_hash = 'scrypt$new' where email = 'newcomer@example.test'`,
        ),
      ),
    ).toEqual(['viewers']);
    expect(
      await tablesChangedBy(() =>
        exec(sql`delete from users where email = 'newcomer@example.test'`),
      ),
    ).toContain('users');
  });

  it("is heard as the viewers' when a session, a setting, a team, a cart or an upload changes, and not for a session's sliding expiry", async () => {
    const { id: userId } = await one<{ id: number }>(
      sql`select id from users where email = 'owner@example.test'`,
    );
    const { id: videoId } = await one<{ id: number }>(sql`select id from videos`);
    await exec(
      sql`insert into sessions (id_hash, user_id, xsrf_token, expires_at) values ('viewer-session', ${userId}, 'x', now() + interval '1 day')`,
    );
    const writes: [string, () => Promise<unknown>][] = [
      [
        'session revoked',
        () => exec(sql`update sessions set revoked_at = now() where id_hash = 'viewer-session'`),
      ],
      ['session removed', () => exec(sql`delete from sessions where id_hash = 'viewer-session'`)],
      ['settings', () => exec(sql`insert into viewer_settings (user_id) values (${userId})`)],
      ['team', () => exec(sql`insert into teams (owner_id, name) values (${userId}, 'Northwind')`)],
      [
        'membership',
        () =>
          exec(
            sql`insert into team_memberships (team_id, user_id, role) values ((select id from teams limit 1), ${userId}, 'Admin')`,
          ),
      ],
      ['cart', () => exec(sql`insert into carts (user_id) values (${userId})`)],
      [
        'cart line',
        () =>
          exec(
            sql`insert into cart_items (cart_id, clip_id, quality) values ((select id from carts limit 1), ${videoId}, 'HD')`,
          ),
      ],
      ['upload', () => exec(sql`insert into uploads (user_id, bytes) values (${userId}, 1000)`)],
    ];
    for (const [what, write] of writes)
      expect(await tablesChangedBy(write), what).toEqual(['viewers']);

    await exec(
      sql`insert into sessions (id_hash, user_id, xsrf_token, expires_at) values ('sliding', ${userId}, 'x', now() + interval '1 day')`,
    );
    expect(
      await tablesChangedBy(() =>
        exec(
          sql`update sessions set last_seen_at = now(), expires_at = now() + interval '30 days' where id_hash = 'sliding'`,
        ),
      ),
    ).toEqual([]);
  });

  it('is received before caughtUp resolves, with no gap', async () => {
    heard.length = 0;
    await exec(sql`update videos set description = 'Night shoot'`);
    await changes.caughtUp();
    expect(heard).toContain('videos');
    expect(gaps).toBe(0);
  });
});
