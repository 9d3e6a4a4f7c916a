// `npm run demo:info`: the demo catalogue as JSON — each showcase's id, layout, privacy,
// theme and password, each live event's status, start, stream key and chat room, and each
// account's e-mail, password and role.
import { asc, eq } from 'drizzle-orm';
import { config } from '../src/server/config.ts';
import { openDataFolderForScript } from '../src/server/dataFolder.ts';
import { closeDb, getDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { liveEvents, showcases, videos } from '../src/server/db/schema.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SHOWCASES,
  DEMO_TEAM_NAME,
} from '../src/server/seed/demoCatalogue.ts';

await openDataFolderForScript('demo:info');
await migrate();
const db = await getDb();
const rows = await db.select().from(showcases).orderBy(asc(showcases.id));
const events = await db
  .select({
    id: videos.id,
    name: videos.name,
    status: liveEvents.status,
    startTime: liveEvents.startTime,
    rrule: liveEvents.rrule,
    timeZone: liveEvents.timeZone,
    streamKey: liveEvents.streamKey,
    chatRoomId: liveEvents.chatRoomId,
  })
  .from(liveEvents)
  .innerJoin(videos, eq(videos.id, liveEvents.videoId))
  .orderBy(asc(videos.id));
const { PORT } = config();
const origin = process.env['PUBLIC_URL'] ?? `http://localhost:${PORT}`;

const info = {
  url: origin,
  team: DEMO_TEAM_NAME,
  showcases: rows.map((row) => {
    const demo = DEMO_SHOWCASES.find((d) => d.name === row.name);
    return {
      id: row.id,
      key: demo?.key ?? null,
      name: row.name,
      url: `${origin}/showcase/${row.id}`,
      layout: row.layout,
      privacy: row.privacyView,
      theme: row.theme,
      password: demo?.password ?? null,
      unlistedHash: row.unlistedHash,
    };
  }),
  liveEvents: events.map((event) => ({
    ...event,
    startTime: event.startTime?.toISOString() ?? null,
  })),
  accounts: DEMO_ACCOUNTS.map((a) => ({
    email: a.email,
    password: DEMO_PASSWORD,
    name: a.name,
    plan: a.plan,
    role: a.role ?? 'none (signed-in account outside the team)',
  })),
};
console.log(JSON.stringify(info, null, 2));
await closeDb();
