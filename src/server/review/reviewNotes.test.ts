/**
 * Review links and notes against a real database: a link's token is no video id and its
 * password is kept hashed; notes come back in timeline order; every change of a note is
 * scoped by its video; unresolved counts follow resolving; a removed link keeps its notes.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('review');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const review = await import('./reviewNotes.ts');

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
    const late = await review.addReviewNote(db, link, {
      authorName: 'Ana',
      body: 'Fade',
      seconds: 90,
    });
    const early = await review.addReviewNote(db, link, {
      authorName: 'Bo',
      body: 'Logo',
      seconds: 12,
    });
    expect((await review.reviewNotesOf(db, videoId)).map((n) => n.id)).toEqual([early.id, late.id]);
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
    const [, replied] = await review.reviewNotesOf(db, videoId);
    expect(replied).toMatchObject({ reply: 'Fixed in v2', resolved: false });
    expect(replied!.repliedAt).toBeInstanceOf(Date);
  });

  it('changes no note through another video', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const note = await review.addReviewNote(db, link, { authorName: 'Cy', body: 'Hm', seconds: 3 });
    expect(await review.resolveReviewNote(db, other!.id, note.id, true)).toBe(false);
    expect(await review.replyToReviewNote(db, other!.id, note.id, 'no')).toBe(false);
    expect(await review.deleteReviewNote(db, other!.id, note.id)).toBe(false);
    expect(await review.removeReviewLink(db, other!.id, link.id)).toBe(false);
    expect((await review.reviewNotesOf(db, videoId)).some((n) => n.id === note.id)).toBe(true);
    expect(await review.deleteReviewNote(db, videoId, note.id)).toBe(true);
    expect((await review.reviewNotesOf(db, videoId)).some((n) => n.id === note.id)).toBe(false);
  });

  it('keeps the notes of a removed link', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const note = await review.addReviewNote(db, link, {
      authorName: 'Di',
      body: 'Kept',
      seconds: 5,
    });
    expect(await review.removeReviewLink(db, videoId, link.id)).toBe(true);
    expect(await review.findReviewLink(db, link.token)).toBeNull();
    expect((await review.reviewNotesOf(db, videoId)).find((n) => n.id === note.id)).toMatchObject({
      body: 'Kept',
      linkId: null,
    });
  });
});
