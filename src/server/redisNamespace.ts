/**
 * Where this site's channels and keys live in Redis: under REDIS_PREFIX when it is set, else
 * under `vitrine:` and the site's id, made once in its database (db/siteIdentity.ts). Pub/sub
 * ignores the database number a Redis URL names, so without a namespace two sites on one Redis
 * would hear each other's chat. The id is the site's, not its connection's: every node reads
 * the same one whatever host or address it reaches the database by, and two sites never share
 * one, even two databases of the same name on hosts of the same name, or two data folders.
 */
import { config } from './config.ts';
import { getDb } from './db/client.ts';
import { siteId } from './db/siteIdentity.ts';

// One lookup per process, on globalThis: the start script and the Astro bundle load this
// module separately. A failed lookup (the database out of reach) is not kept.
const KEY = Symbol.for('vitrine.redisNamespace');
const holder = globalThis as { [KEY]?: Promise<string> };

function redisNamespace(): Promise<string> {
  holder[KEY] ??= (async () => {
    const { REDIS_PREFIX } = config();
    return REDIS_PREFIX ?? `vitrine:${await siteId(await getDb())}`;
  })().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

/** The name of one of the site's channels or key prefixes in Redis: `{namespace}:{name}`. */
export async function redisName(name: string): Promise<string> {
  return `${await redisNamespace()}:${name}`;
}
