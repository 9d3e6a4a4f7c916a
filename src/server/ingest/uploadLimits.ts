/**
 * The limits an upload meets before its first byte is written, at its creation (tus POST with
 * Upload-Length, or the API's POST /me/videos) and at each PATCH: no file larger than the
 * account's plan allows (src/lib/uploadQuota.ts maxUploadBytes), the quota, and room on the
 * data folder's disk, which keeps UPLOAD_DISK_MARGIN free for the database, the renditions a
 * transcode writes and the uploads already under way.
 *
 * A file too large is 413, as a quota refusal is: the request is what is too large for this
 * account. A full disk is 507 Insufficient Storage, not 503: the server cannot store this
 * representation (RFC 4918 §11.5), a state that lasts until an operator frees space, where 503
 * means busy or briefly away and invites clients to retry in a moment (the uploader retries
 * 5xx but this one).
 */
import { statfs } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { formatSize } from '../../lib/formatSize.ts';
import type { Translate } from '../../lib/translationKeys.ts';
import { leavesDiskMargin, uploadReach, type UploadSizes } from '../../lib/tusRequest.ts';
import { maxUploadBytes, type QuotaRefusalKey } from '../../lib/uploadQuota.ts';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { checkUploadQuota } from './quota.ts';

type Reader = Pick<Db, 'select'>;

export type UploadRefusal =
  | { status: 413; reason: 'tooLarge'; max: number }
  | { status: 413; reason: QuotaRefusalKey }
  | { status: 507; reason: 'diskFull' };

/** The largest file the plan of the account uploaded to allows. */
export async function planUploadLimit(db: Reader, accountId: number): Promise<number> {
  const [account] = await db
    .select({ plan: users.membershipType })
    .from(users)
    .where(eq(users.id, accountId));
  return maxUploadBytes(account?.plan ?? 'free');
}

/** Whether the data folder's disk keeps UPLOAD_DISK_MARGIN free once `bytes` more are written. */
async function diskHasRoom(bytes: number): Promise<boolean> {
  const { DATA_DIR, UPLOAD_DISK_MARGIN } = config();
  const { bavail, bsize } = await statfs(DATA_DIR);
  return leavesDiskMargin(bavail * bsize, bytes, UPLOAD_DISK_MARGIN);
}

const diskFull = { status: 507, reason: 'diskFull' } as const;

/**
 * Why an upload of `bytes` into the account cannot be created, or null: larger than its plan
 * allows, past its quota, or more than the disk has room for. An upload whose length is
 * deferred (`bytes` undefined) meets the first two at the PATCH that declares or crosses them.
 */
export async function creationRefusal(
  db: Reader,
  accountId: number,
  bytes: number | undefined,
): Promise<UploadRefusal | null> {
  if (bytes !== undefined) {
    const max = await planUploadLimit(db, accountId);
    if (bytes > max) return { status: 413, reason: 'tooLarge', max };
    const quota = await checkUploadQuota(db, accountId, bytes);
    if (quota) return { status: 413, reason: quota };
  }
  return (await diskHasRoom(bytes ?? 0)) ? null : diskFull;
}

/**
 * Why a PATCH cannot be taken, or null: the upload would grow past `max` (a deferred length
 * declared or crossed), or the disk has no room for the bytes still to come.
 */
export async function appendRefusal(
  max: number,
  sizes: UploadSizes,
): Promise<UploadRefusal | null> {
  const { reach, toCome } = uploadReach(sizes);
  if (reach > max) return { status: 413, reason: 'tooLarge', max };
  return (await diskHasRoom(toCome)) ? null : diskFull;
}

/** A refusal in English, for the developer of an API client. */
export const DEVELOPER_MESSAGES: Readonly<Record<UploadRefusal['reason'], string>> = {
  tooLarge: 'The file is larger than the account’s plan allows for one upload.',
  'quota.videoReached': 'The upload would go past the account’s upload quota.',
  'quota.spaceOut': 'The upload would go past the account’s upload quota.',
  diskFull: 'The server has too little free disk space for this file.',
};

/** The refusal in the uploader's language: SPEC §8's quota words, or what limit was met. */
export function refusalMessage(refusal: UploadRefusal, t: Translate, locale: string): string {
  switch (refusal.reason) {
    case 'tooLarge':
      return t('upload.tooLarge', { max: formatSize(refusal.max, locale) });
    case 'diskFull':
      return t('errors.storageFullBody');
    default:
      return t(refusal.reason);
  }
}
