/**
 * Live chat across app nodes: two server processes on one PostgreSQL database and one Redis,
 * as behind a load balancer. A message typed by a viewer served by one node appears for a
 * viewer served by the other, through Redis pub/sub. The database is the test's own.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ADMIN_URL, onServer } from './adminDatabase.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';

const redisUrl = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const database = `vitrine_test_chatnodes_${randomBytes(3).toString('hex')}`;
const live = showcaseId('live');
const nodes: ChildProcess[] = [];
const origins: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await onServer((sql) => sql`create database ${sql(database)}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const env = { DATABASE_URL: databaseUrl.href, REDIS_URL: redisUrl, DEMO_LIVE: 'off' };
  for (const [index, seed] of [true, false].entries()) {
    const port = await freePort();
    origins.push(`http://127.0.0.1:${port}`);
    nodes.push(
      await startVitrine({
        port,
        dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-chat-node${index}`,
        env,
        seed,
      }),
    );
  }
});

test.afterAll(async () => {
  await Promise.all(nodes.map(stopVitrine));
  await onServer((sql) => sql`drop database if exists ${sql(database)} with (force)`);
});

test('a message posted on one node reaches a viewer on the other', async ({ browser, request }) => {
  const [first, second] = origins as [string, string];
  const videos = await (
    await request.get(`${first}/api/albums/${live}/videos?per_page=100&fields=uri,name,live`)
  ).json();
  const event = videos.data.find(
    (video: { live?: { chat?: { room_id: number | null } } }) => video.live?.chat?.room_id,
  );
  const videoId = Number(event.uri.split('/').at(-1));
  const panel = `/live-chat/${event.live.chat.room_id}?album=${live}&video=${videoId}`;

  const reader = await (await browser.newContext({ baseURL: second })).newPage();
  await reader.goto(panel);
  const log = reader.getByRole('log', { name: 'Chat messages' });
  await expect(log).toBeVisible();

  const writer = await (await browser.newContext({ baseURL: first })).newPage();
  await writer.goto('/log_in');
  await writer.getByLabel('Email').fill('member@vitrine.test');
  await writer.getByLabel('Password').fill('vitrine-demo');
  await writer.getByRole('button', { name: 'Log in' }).click();
  await expect(writer.getByTestId('account-name')).toBeVisible();
  await writer.goto(panel);
  const line = `Hello from node one ${randomBytes(3).toString('hex')}`;
  await writer.getByRole('textbox', { name: 'Message' }).fill(line);
  await writer.getByRole('button', { name: 'Send' }).click();

  await expect(log.getByText(line)).toBeVisible();
  await expect(writer.getByRole('log', { name: 'Chat messages' }).getByText(line)).toHaveCount(1);
});
