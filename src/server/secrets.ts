/**
 * Secrets that are not configured are generated once and kept under DATA_DIR, so signed
 * URLs and tokens survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from './config.ts';

const cache = new Map<string, Buffer>();

export function secret(name: 'media' | 'session' | 'access'): Buffer {
  const known = cache.get(name);
  if (known) return known;
  const fromEnv = process.env[`${name.toUpperCase()}_SECRET`];
  let value: Buffer;
  if (fromEnv) {
    value = Buffer.from(fromEnv);
  } else {
    const dir = path.resolve(config().DATA_DIR, 'secrets');
    const file = path.join(dir, `${name}.key`);
    try {
      value = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    } catch {
      mkdirSync(dir, { recursive: true });
      value = randomBytes(32);
      // 'wx' fails if another process wrote it first; then read theirs.
      try {
        writeFileSync(file, value.toString('base64url'), { flag: 'wx', mode: 0o600 });
      } catch {
        value = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
      }
    }
  }
  cache.set(name, value);
  return value;
}
