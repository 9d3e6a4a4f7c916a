/**
 * A secret's bytes prepared once as a KeyObject: an HMAC under raw bytes imports them again on
 * every call, which costs several times the digest itself (13 µs against 1.7 µs on Node 24).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new WeakMap<Buffer, KeyObject>();

export function hmacKey(secret: Buffer): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}
