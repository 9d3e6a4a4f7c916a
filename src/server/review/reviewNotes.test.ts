/**
 * Review links and notes against a real database: a link's token is no video id and its
 * password is kept hashed; notes come back in timeline order, a version at a time; every
 * change of a note is scoped by its video; unresolved counts follow resolving, per version; a
 * removed link keeps its notes; a replaced source starts the next version.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReviewNoteFields } from '../../lib/reviewNotes.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

const { dataDir } = await useTestDatabase('review');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const review = await import('./reviewNotes.ts');
const { replaceVideoSource } = await import('../ingest/ingestUpload.ts');
const { mediaStorage } = await import('../media/mediaStorage.ts');

const db = await getDb();
const [owner] = await db
  .insert(schema.users)
  .values({ email: 'owner@example.test', name: 'Owner' })
  .returning();
const [cut, other] = await db
  .insert(schema.videos)
  .values(
    ['Cut 3', 'Other'].map((name) => ({
      ownerId: owner!.id,
      name,
      duration: 120,
      privacyView: 'nobody',
    })),
  )
  .returning();
const videoId = cut!.id;
const MAIL = { delaySeconds: 600, origin: 'http://localhost:4321' };

type Link = Awaited<ReturnType<typeof review.createReviewLink>>;
const addNote = (link: Link, note: ReviewNoteFields, version = 1) =>
  review.addReviewNote(db, link, note, version, MAIL);

describe('review links', () => {
  it('names a link by a random token and keeps its password hashed', async () => {
    const link = await review.createReviewLink(db, videoId, 'sesame');
    expect(link.token).toMatch(/^[\w-]{22}$/);
    // Random, not derived from the video: a second link to it gets another token.
    expect((await review.createReviewLink(db, videoId, 'sesame')).token).not.toBe(link.token);
    expect(link.passwordHash).not.toBeNull();
    expect(link.passwordHash).not.toContain('sesame');
    const found = await review.findReviewLink(db, link.token);
    expect(found?.video).toMatchObject({ id: videoId, name: 'Cut 3', duration: 120 });
    expect(await review.findReviewLink(db, 'unknown-token')).toBeNull();
    expect((await review.createReviewLink(db, videoId, '')).passwordHash).toBeNull();
  });

  it('accepts the proof of its own password only', async () => {
    const link = await review.createReviewLink(db, videoId, 'sesame');
    const sibling = await review.createReviewLink(db, videoId, 'sesame');
    const proof = review.reviewProof(link);
    expect(review.isReviewProof(link, proof)).toBe(true);
    expect(review.isReviewProof(sibling, proof)).toBe(false);
    expect(review.isReviewProof({ ...link, passwordHash: 'changed' }, proof)).toBe(false);
    expect(review.isReviewProof(link, undefined)).toBe(false);
  });
});

describe('review notes', () => {
  it('lists a video’s notes in timeline order and counts the unresolved', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const late = await addNote(link, {
      authorName: 'Ana',
      body: 'Fade',
      seconds: 90,
    });
    const early = await addNote(link, {
      authorName: 'Bo',
      body: 'Logo',
      seconds: 12,
    });
    expect((await review.reviewNotesOf(db, videoId, 1)).map((n) => n.id)).toEqual([
      early.id,
      late.id,
    ]);
    expect(await review.unresolvedReviewNotes(db, [videoId, other!.id])).toEqual(
      new Map([[videoId, 2]]),
    );

    expect(await review.resolveReviewNote(db, videoId, early.id, true)).toBe(true);
    expect(await review.unresolvedReviewNotes(db, [videoId])).toEqual(new Map([[videoId, 1]]));
    // The owner's home lists the video with what is left to resolve; nobody else's does.
    expect(await review.videosAwaitingReview(db, owner!.id, 5)).toEqual([
      { videoId, name: 'Cut 3', unresolved: 1 },
    ]);
    expect(await review.videosAwaitingReview(db, owner!.id + 1000, 5)).toEqual([]);
    expect(await review.replyToReviewNote(db, videoId, late.id, 'Fixed in v2')).toBe(true);
    const [, replied] = await review.reviewNotesOf(db, videoId, 1);
    expect(replied).toMatchObject({ reply: 'Fixed in v2', resolved: false });
    expect(replied!.repliedAt).toBeInstanceOf(Date);
  });

  it('changes no note through another video', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const note = await addNote(link, { authorName: 'Cy', body: 'Hm', seconds: 3 });
    expect(await review.resolveReviewNote(db, other!.id, note.id, true)).toBe(false);
    expect(await review.replyToReviewNote(db, other!.id, note.id, 'no')).toBe(false);
    expect(await review.deleteReviewNote(db, other!.id, note.id)).toBe(false);
    expect(await review.removeReviewLink(db, other!.id, link.id)).toBe(false);
    expect((await review.reviewNotesOf(db, videoId, 1)).some((n) => n.id === note.id)).toBe(true);
    expect(await review.deleteReviewNote(db, videoId, note.id)).toBe(true);
    expect((await review.reviewNotesOf(db, videoId, 1)).some((n) => n.id === note.id)).toBe(false);
  });

  it('keeps the notes of a removed link', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const note = await addNote(link, {
      authorName: 'Di',
      body: 'Kept',
      seconds: 5,
    });
    expect(await review.removeReviewLink(db, videoId, link.id)).toBe(true);
    expect(await review.findReviewLink(db, link.token)).toBeNull();
    expect(
      (await review.reviewNotesOf(db, videoId, 1)).find((n) => n.id === note.id),
    ).toMatchObject({
      body: 'Kept',
      linkId: null,
    });
  });
});

describe('versions of a video under review', () => {
  it('starts the next version when the source is replaced, keeping the notes of the earlier one', async () => {
    const [video] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, name: 'Cut 4', duration: 60 })
      .returning();
    const latest = await review.createReviewLink(db, video!.id, '');
    const pinned = await review.createReviewLink(db, video!.id, '', 1);
    expect(latest.version).toBeNull();
    expect(pinned.version).toBe(1);
    const first = await addNote(latest, { authorName: 'Ana', body: 'Too dark', seconds: 4 });

    const file = path.join(dataDir, 'cut-5.mp4');
    writeFileSync(file, 'not really a film');
    await replaceVideoSource(db, mediaStorage(), {
      videoId: video!.id,
      ownerId: owner!.id,
      filePath: file,
      sizeBytes: 17,
      name: 'cut-5.mp4',
    });
    expect((await review.findReviewLink(db, latest.token))?.video.version).toBe(2);
    expect((await review.findReviewLink(db, pinned.token))?.link.version).toBe(1);

    const second = await addNote(latest, { authorName: 'Ana', body: 'Better', seconds: 4 }, 2);
    await addNote(latest, { authorName: 'Bo', body: 'Music', seconds: 9 }, 2);
    expect((await review.reviewNotesOf(db, video!.id, 1)).map((n) => n.id)).toEqual([first.id]);
    expect((await review.reviewNotesOf(db, video!.id, 2)).map((n) => n.body)).toEqual([
      'Better',
      'Music',
    ]);
    await review.resolveReviewNote(db, video!.id, second.id, true);
    const counted = await review.reviewNotesPerVersion(db, video!.id);
    expect(counted.sort((a, b) => a.version - b.version)).toEqual([
      { version: 1, notes: 1, unresolved: 1 },
      { version: 2, notes: 2, unresolved: 1 },
    ]);
  });
});
