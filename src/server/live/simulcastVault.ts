/**
 * Simulcast stream keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the site's
 * 'vault' secret, so a copy of the database alone gives no one the right to broadcast on the
 * owner's YouTube or Twitch channel. Opened only by the node that starts a relay.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { acceptedSecrets, secret } from '../secrets.ts';

const INFO = 'vitrine simulcast stream key';
const IV_BYTES = 12;

function derivedKey(vault: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', vault, Buffer.alloc(0), INFO, 32));
}

/** iv.tag.ciphertext, each base64url. */
export function sealStreamKey(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret('vault')), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The key, or null when no key the site holds opens it (a vault secret set anew): the owner enters it again. */
export function openStreamKey(sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  for (const vault of acceptedSecrets('vault')) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', derivedKey(vault), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // Not this generation's: the authentication tag says so; the next one may open it.
    }
  }
  return null;
}
