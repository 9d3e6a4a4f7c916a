/**
 * Secrets that are not configured are generated once and kept under DATA_DIR, so signed
 * URLs and tokens survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from './config.ts';

const cache = new Map<string, Buffer>();

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

export function secret(name: 'media' | 'session' | 'access' | 'captcha'): Buffer {
  const known = cache.get(name);
  if (known) return known;
  const fromEnv = process.env[`${name.toUpperCase()}_SECRET`];
  let value: Buffer;
  if (fromEnv) {
    value = Buffer.from(fromEnv);
  } else {
    const file = path.resolve(config().DATA_DIR, 'secrets', `${name}.key`);
    const stored = readKey(file);
    if (stored === 'empty') rmSync(file, { force: true });
    value = stored instanceof Buffer ? stored : createKey(file);
  }
  cache.set(name, value);
  return value;
}
