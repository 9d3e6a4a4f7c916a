// Test fixture of scripts/faults.test.ts: opens the database as any process would and writes
// one row after another (jobs due in a century, so no worker runs them), printing the id of
// each as soon as its insert is acknowledged, until it is killed.
import { getDb } from '../../src/server/db/client.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';

const db = await getDb();
const farFuture = new Date('2125-01-01T00:00:00Z');
for (let n = 0; ; n++) {
  const id = await enqueueJob(db, 'fault-probe', { n }, farFuture);
  process.stdout.write(`${id}\n`);
}
