/**
 * The free-disk guard with a margin larger than any disk: every upload is refused at creation
 * with 507 and the uploader's message, whether a tus POST or the API's POST /me/videos, and
 * nothing is kept.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

process.env['UPLOAD_DISK_MARGIN'] = String(Number.MAX_SAFE_INTEGER);
const { dataDir } = await useTestDatabase('upload-disk');

const { getDb } = await import('../db/client.ts');
const { users, videos } = await import('../db/schema.ts');
const { translator } = await import('../i18n/translator.ts');
const { handleUpload } = await import('./tusUploads.ts');
const { createApiUpload } = await import('../api/apiUpload.ts');

let accountId = 0;

beforeAll(async () => {
  const [row] = await (
    await getDb()
  )
    .insert(users)
    .values({ email: 'pro@vitrine.test', name: 'Pro', membershipType: 'pro' })
    .returning({ id: users.id });
  accountId = row!.id;
});

const uploadFiles = () => readdir(path.join(dataDir, 'uploads', 'tus')).catch(() => []);

describe('an upload the disk has no room for', () => {
  it('is refused at its creation with 507 and the message, keeping nothing', async () => {
    const request = new Request('http://localhost/api/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(1024 * 1024),
        'Upload-Metadata': `filename ${btoa('film.mp4')}`,
      },
    });
    const refused = await handleUpload(request, {
      accountId,
      uploaderId: accountId,
      role: 'Owner',
      t: translator('fr-FR'),
      locale: 'fr-FR',
    });
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual({
      status: 507,
      error:
        'Nous n’avons pas la place d’enregistrer cela pour l’instant. Veuillez réessayer plus tard.',
    });
    expect(await uploadFiles()).toEqual([]);
  });

  it('is refused by the API before its video is made', async () => {
    const db = await getDb();
    const created = await createApiUpload(db, accountId, {
      upload: { approach: 'tus', size: 1024 * 1024 },
      name: 'Film',
    });
    expect(created).toEqual({ refused: { status: 507, reason: 'diskFull' } });
    expect(await db.select().from(videos)).toEqual([]);
    expect(await uploadFiles()).toEqual([]);
  });
});
