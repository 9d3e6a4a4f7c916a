/**
 * The site's signing keys. A `*_SECRET` setting wins. Otherwise, on PostgreSQL, where several
 * nodes share one database, the keys live in it (`site_secrets`): the first process to start
 * writes each one, every node reads them, and a rotation (`npm run rotate-secret`) adds a
 * generation that every node reads before it signs (src/lib/keyRing.ts). The embedded database
 * belongs to one data folder, and so do its keys: generated once and kept under DATA_DIR, where
 * the command-line tools beside a running server read them too. Either way signed addresses
 * and tokens survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, max } from 'drizzle-orm';
import { keyRing, type KeyRing } from '../lib/keyRing.ts';
import { config } from './config.ts';
import { dbKind, type Db } from './db/client.ts';
import { siteSecrets } from './db/schema.ts';
import { logger } from './logger.ts';

/**
 * 'vault' seals what the site keeps for others (simulcast stream keys, simulcastVault.ts) rather
 * than signing: it is never rotated (scripts/rotate-secret.ts does not offer it), since what it
 * sealed could not be opened once its generation is dropped.
 */
export type SecretName = 'media' | 'session' | 'access' | 'captcha' | 'vault';
const SECRET_NAMES: readonly SecretName[] = ['media', 'session', 'access', 'captcha', 'vault'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a node reads the keys again, to learn of a rotation. */
const REFRESH_MS = 30_000;
/** A rotation's new key signs this long after it is written: every node has read it by then. */
export const ROTATION_DELAY_MS = 4 * REFRESH_MS;
/**
 * How long a replaced key is still accepted: a week of password proofs, pages and link
 * previews naming pictures it signed (tokens and media addresses expire well before).
 */
const OVERLAP_MS = 7 * DAY_MS;

interface Keys {
  /** Keys read from the settings or the data folder: one key each, for good. */
  fixed: Map<SecretName, Buffer>;
  /** Keys read from the database, when the site keeps them there. */
  shared: Map<SecretName, KeyRing>;
}

// One set of keys per process, on globalThis: the start script (which reads them from the
// database) and the Astro bundle (whose routes sign and verify) load this module separately.
const KEY = Symbol.for('vitrine.secrets');
const holder = globalThis as { [KEY]?: Keys };
const { fixed, shared } = (holder[KEY] ??= { fixed: new Map(), shared: new Map() });

/** The stored key; 'empty' for a file a crash left without one; null when there is none. */
function readKey(file: string): Buffer | 'empty' | null {
  try {
    const value = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    return value.length > 0 ? value : 'empty';
  } catch {
    return null;
  }
}

/**
 * Writes a new key whole or not at all: into a file of its own, then linked to its name,
 * which fails if another process got there first (then theirs is read). A full disk
 * therefore leaves no empty key behind to break every signature after space is freed.
 */
function createKey(file: string): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  const value = randomBytes(32);
  const draft = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(draft, value.toString('base64url'), { mode: 0o600 });
    linkSync(draft, file);
    return value;
  } catch (error) {
    const theirs = readKey(file);
    if (theirs instanceof Buffer) return theirs;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function configuredKey(name: SecretName): Buffer | undefined {
  const fromEnv = process.env[`${name.toUpperCase()}_SECRET`];
  return fromEnv ? Buffer.from(fromEnv) : undefined;
}

/** This data folder's key, generated the first time. */
function dataFolderKey(name: SecretName): Buffer {
  const file = path.resolve(config().DATA_DIR, 'secrets', `${name}.key`);
  const stored = readKey(file);
  if (stored === 'empty') rmSync(file, { force: true });
  return stored instanceof Buffer ? stored : createKey(file);
}

/** The `*_SECRET` setting, else this data folder's key. */
function localKey(name: SecretName): Buffer {
  const known = fixed.get(name);
  if (known) return known;
  const value = configuredKey(name) ?? dataFolderKey(name);
  fixed.set(name, value);
  return value;
}

/** The key that signs. */
export function secret(name: SecretName): Buffer {
  return shared.get(name)?.signing ?? localKey(name);
}

/** Every key a signature may have been made with, the signing key first. */
export function acceptedSecrets(name: SecretName): readonly Buffer[] {
  return shared.get(name)?.accepted ?? [localKey(name)];
}

/** Whether `check` passes with any key a signature of `name` may have been made with. */
export function signedWithAny(name: SecretName, check: (key: Buffer) => boolean): boolean {
  return acceptedSecrets(name).some(check);
}

async function readSharedKeys(db: Db): Promise<void> {
  const rows = await db.select().from(siteSecrets);
  const now = new Date();
  for (const name of SECRET_NAMES) {
    if (configuredKey(name)) continue;
    const generations = rows
      .filter((row) => row.name === name)
      .map((row) => ({ ...row, value: Buffer.from(row.value, 'base64url') }));
    const ring = keyRing(generations, now, OVERLAP_MS);
    if (ring) shared.set(name, ring);
  }
}

export interface SharedSecrets {
  stop(): void;
}

/**
 * On PostgreSQL, makes the database the keys' home: writes the first generation of each key
 * not set in the environment (this node's data-folder key, so a site that grows from one node
 * keeps its signatures; whichever process comes first wins), reads them, and reads them again
 * every REFRESH_MS. On the embedded database, nothing: its keys stay in the data folder.
 */
export async function useSharedSecrets(db: Db): Promise<SharedSecrets> {
  if ((await dbKind()) !== 'postgres') return { stop() {} };
  const stored = new Set(
    (await db.selectDistinct({ name: siteSecrets.name }).from(siteSecrets)).map((row) => row.name),
  );
  const missing = SECRET_NAMES.filter((name) => !configuredKey(name) && !stored.has(name));
  if (missing.length > 0)
    await db
      .insert(siteSecrets)
      .values(
        missing.map((name) => ({
          name,
          generation: 1,
          value: dataFolderKey(name).toString('base64url'),
          activeFrom: new Date(0),
        })),
      )
      .onConflictDoNothing();
  await readSharedKeys(db);
  const timer = setInterval(() => {
    readSharedKeys(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not read the site keys again; keeping the ones read'),
    );
  }, REFRESH_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Adds a generation of `name` that signs ROTATION_DELAY_MS from now; the one it replaces is
 * accepted for OVERLAP_MS after that. Returns the new generation's number, or null when the
 * site has not written the key's first generation yet (no node has started on the database).
 */
export async function rotateSecret(
  db: Db,
  name: SecretName,
  now = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ generation: max(siteSecrets.generation) })
      .from(siteSecrets)
      .where(eq(siteSecrets.name, name));
    if (!latest?.generation) return null;
    const generation = latest.generation + 1;
    await tx.insert(siteSecrets).values({
      name,
      generation,
      value: randomBytes(32).toString('base64url'),
      activeFrom: new Date(now.getTime() + ROTATION_DELAY_MS),
    });
    return generation;
  });
}
