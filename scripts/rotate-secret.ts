// `npm run rotate-secret -- <media|session|access|captcha>`: a new generation of one of the
// site's signing keys, kept in the PostgreSQL database every node reads (src/server/secrets.ts).
// Every node signs with it two minutes later; the key it replaces is still accepted for a
// week, so nobody is signed out and no page's picture breaks. The embedded database keeps its
// keys in the data folder: there a key is replaced by removing DATA_DIR/secrets/<name>.key
// with the server stopped (what it signed stops working at once), or set as <NAME>_SECRET.
import { config } from '../src/server/config.ts';
import { closeDb, getDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { ROTATION_DELAY_MS, rotateSecret, type SecretName } from '../src/server/secrets.ts';

const NAMES: readonly SecretName[] = ['media', 'session', 'access', 'captcha'];

function fail(message: string): never {
  process.stderr.write(`rotate-secret: ${message}\n`);
  process.exit(1);
}

const name = process.argv[2] as SecretName | undefined;
if (!name || !NAMES.includes(name))
  fail(`name one key: ${NAMES.join(', ')}\nUsage: npm run rotate-secret -- <name>`);
if (!config().DATABASE_URL)
  fail(
    `the embedded database keeps its keys in the data folder: stop the server and remove ` +
      `${config().DATA_DIR}/secrets/${name}.key, or set ${name.toUpperCase()}_SECRET`,
  );
if (process.env[`${name.toUpperCase()}_SECRET`])
  fail(`${name.toUpperCase()}_SECRET is set: that key wins over the database's; change it there`);

await migrate();
const generation = await rotateSecret(await getDb(), name);
await closeDb();
if (generation === null)
  fail(`no node has started on this database yet: start one, which writes the first ${name} key`);
process.stdout.write(
  `${name}: generation ${generation} signs on every node in ${ROTATION_DELAY_MS / 60_000} minutes; ` +
    `the one before it is accepted for a week after that\n`,
);
