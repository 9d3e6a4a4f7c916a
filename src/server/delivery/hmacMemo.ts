/**
 * HMAC-SHA256 digests (base64url) remembered by message. A list page names dozens of media
 * addresses on every render, each signed with an expiry rounded to the hour, so the same few
 * messages come back again and again; and the key is prepared once per secret instead of on
 * every digest, which costs more than the digest itself.
 */
import { createHmac, type KeyObject } from 'node:crypto';
import { hmacKey } from '../hmacKey.ts';

/** About two megabytes of digests per secret; past it the memo starts afresh rather than tracking use. */
const MAX_DIGESTS = 20_000;

interface Signer {
  key: KeyObject;
  digests: Map<string, string>;
}

const signers = new WeakMap<Buffer, Signer>();

function signerFor(secret: Buffer): Signer {
  let signer = signers.get(secret);
  if (!signer) {
    signer = { key: hmacKey(secret), digests: new Map() };
    signers.set(secret, signer);
  }
  return signer;
}

export function hmacDigest(secret: Buffer, message: string): string {
  const { key, digests } = signerFor(secret);
  const known = digests.get(message);
  if (known !== undefined) return known;
  const digest = createHmac('sha256', key).update(message).digest('base64url');
  if (digests.size >= MAX_DIGESTS) digests.clear();
  digests.set(message, digest);
  return digest;
}
