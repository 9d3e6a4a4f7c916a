// `npm run seed`: re-creates the demo catalogue from scratch (every table is emptied first).
import { openDataFolderForScript } from '../src/server/dataFolder.ts';
import { whileHolding } from '../src/server/db/advisoryLock.ts';
import { closeDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { clearDatabase, seedDemo } from '../src/server/seed/seedDemo.ts';

await openDataFolderForScript('seed');
await migrate();
// Under the seed's lock: a node starting meanwhile must not seed the emptied database too.
await whileHolding('demoSeed', async () => {
  await clearDatabase();
  await seedDemo();
});
await closeDb();
