// `npm run migrate`: brings the database to the current schema and exits. Every server and
// worker migrates at start as well; a release that migrates as a step of its own runs this
// first (docs/deploying.md). Any number may run at once: one migrates, the others wait for it.
import { openDataFolderForScript } from '../src/server/dataFolder.ts';
import { closeDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';

await openDataFolderForScript('migrate');
await migrate();
await closeDb();
