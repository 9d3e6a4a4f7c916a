/**
 * The limits of a resumable upload, met before its first byte, through the tus server with a
 * real database and data folder: the plan's largest file at creation and at the PATCH that
 * declares or crosses a deferred length, with the message the uploader reads.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../lib/domain.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

const { dataDir } = await useTestDatabase('tus-uploads');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const { translator } = await import('../i18n/translator.ts');
const { handleUpload } = await import('./tusUploads.ts');

const TiB = 1024 ** 4;
const GiB = 1024 ** 3;
const accounts = { free: 0, basic: 0, enterprise: 0 };

beforeAll(async () => {
  const db = await getDb();
  for (const plan of ['free', 'basic', 'enterprise'] as const) {
    const [row] = await db
      .insert(users)
      .values({
        email: `${plan}@vitrine.test`,
        name: plan,
        membershipType: plan,
        quotaUnit: plan === 'enterprise' ? 'video_size' : 'video_count',
        quotaPeriod: 'lifetime',
        quotaPeriodicMax: plan === 'enterprise' ? null : 10,
        quotaLifetimeMax: plan === 'enterprise' ? null : 10,
      })
      .returning({ id: users.id });
    accounts[plan] = row!.id;
  }
});

/** A body that counts the bytes pulled from it; a request pulls its first piece as it is made. */
function countedBody(pieces: number, size: number) {
  const counter = { pulled: 0 };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size));
      if (++sent === pieces) controller.close();
    },
  });
  return { body, counter };
}

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: ReadableStream<Uint8Array>;
}

async function send(
  account: number,
  { method = 'POST', path: address = '/api/uploads', headers = {}, body }: Sent,
  locale: Locale = 'en',
): Promise<Response> {
  const request = new Request(`http://localhost${address}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', ...headers },
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
  return handleUpload(request, {
    accountId: account,
    uploaderId: account,
    role: 'Owner',
    t: translator(locale),
    locale,
  });
}

const metadata = `filename ${btoa('film.mp4')},filetype ${btoa('video/mp4')}`;
const uploadFiles = () => readdir(path.join(dataDir, 'uploads', 'tus')).catch(() => []);

describe('a resumable upload', () => {
  it('is refused at creation past the largest file of a free plan, before its first byte and with nothing kept', async () => {
    const { body, counter } = countedBody(1000, 64 * 1024);
    const refused = await send(accounts.free, {
      headers: {
        'Upload-Length': String(10 * TiB),
        'Upload-Metadata': metadata,
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      status: 413,
      error: 'This file is too big for your plan: each video may be up to 2 GB. Upgrade for more.',
    });
    expect(counter.pulled).toBe(64 * 1024);
    expect(await uploadFiles()).toEqual([]);
  });

  it('tells a basic account its limit in its language', async () => {
    const refused = await send(
      accounts.basic,
      { headers: { 'Upload-Length': String(2 * GiB + 1), 'Upload-Metadata': metadata } },
      'de-DE',
    );
    expect(refused.status).toBe(413);
    expect((await refused.json()).error).toBe(
      'Diese Datei ist zu groß für deinen Tarif: Jedes Video darf bis zu 2\u00a0GB groß sein. Upgrade für mehr.',
    );
  });

  it('has a ceiling on the largest plan too', async () => {
    const refused = await send(accounts.enterprise, {
      headers: { 'Upload-Length': String(10 * TiB), 'Upload-Metadata': metadata },
    });
    expect(refused.status).toBe(413);
    expect((await refused.json()).error).toContain('250 GB');
  });

  it('is taken up to the largest file of the plan', async () => {
    const created = await send(accounts.free, {
      headers: { 'Upload-Length': String(2 * GiB), 'Upload-Metadata': metadata },
    });
    expect(created.status).toBe(201);
  });

  describe('of deferred length', () => {
    let location = '';

    beforeAll(async () => {
      const created = await send(accounts.free, {
        headers: { 'Upload-Defer-Length': '1', 'Upload-Metadata': metadata },
      });
      expect(created.status).toBe(201);
      location = created.headers.get('location')!;
    });

    const offset = async () =>
      Number(
        (await send(accounts.free, { method: 'HEAD', path: location })).headers.get(
          'upload-offset',
        ),
      );

    it('is refused at the PATCH that would cross the plan’s largest file, before its first byte', async () => {
      const { body, counter } = countedBody(1000, 64 * 1024);
      const refused = await send(accounts.free, {
        method: 'PATCH',
        path: location,
        headers: {
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(3 * GiB),
        },
        body,
      });
      expect(refused.status).toBe(413);
      expect((await refused.json()).error).toContain('up to 2 GB');
      expect(counter.pulled).toBe(64 * 1024);
      expect(await offset()).toBe(0);
    });

    it('is refused at the PATCH that declares a length past it', async () => {
      const { body, counter } = countedBody(1000, 64 * 1024);
      const refused = await send(accounts.free, {
        method: 'PATCH',
        path: location,
        headers: {
          'Upload-Offset': '0',
          'Upload-Length': String(10 * TiB),
          'Content-Type': 'application/offset+octet-stream',
        },
        body,
      });
      expect(refused.status).toBe(413);
      expect((await refused.json()).error).toContain('up to 2 GB');
      expect(counter.pulled).toBe(64 * 1024);
      expect(await offset()).toBe(0);
    });
  });
});
