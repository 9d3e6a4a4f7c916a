/**
 * The one mail about a video's new review notes, against a real database: the first note
 * opens a window and queues one job, the next joins it; the job sends one mail of both to each
 * person who may answer the notes, in their language; run again it sends nothing; a note after
 * the mail opens the next window; a mail nobody received leaves its notes for the next try.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';
import type { Mailer } from '../mail/mailer.ts';

await useTestDatabase('review-mail');

const { eq } = await import('drizzle-orm');
const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const review = await import('./reviewNotes.ts');
const { sendReviewMail } = await import('./reviewMail.ts');
const { REVIEW_MAIL_JOB } = await import('./reviewMailWindow.ts');

const db = await getDb();
const people = await db
  .insert(schema.users)
  .values([
    { email: 'owner@example.test', name: 'Owner', locale: 'fr-FR' },
    { email: 'admin@example.test', name: 'Admin' },
    { email: 'viewer@example.test', name: 'Viewer' },
    { email: 'maker@example.test', name: 'Maker' },
    { email: 'other@example.test', name: 'Other contributor' },
  ])
  .returning();
const [owner, admin, viewer, maker, other] = people;
const [team] = await db
  .insert(schema.teams)
  .values({ ownerId: owner!.id, name: 'Studio' })
  .returning();
await db.insert(schema.teamMemberships).values([
  { teamId: team!.id, userId: owner!.id, role: 'Owner' },
  { teamId: team!.id, userId: admin!.id, role: 'Admin' },
  { teamId: team!.id, userId: viewer!.id, role: 'Viewer' },
  { teamId: team!.id, userId: maker!.id, role: 'Contributor' },
  { teamId: team!.id, userId: other!.id, role: 'Contributor Plus' },
]);
const [video] = await db
  .insert(schema.videos)
  .values({ ownerId: owner!.id, uploaderId: maker!.id, name: 'Cut <3>', duration: 120 })
  .returning();
const videoId = video!.id;
const origin = 'https://films.example.test';
const MAIL = { delaySeconds: 600, origin };

interface Sent {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function recordingMailer(sent: Sent[], failing = false): () => Mailer {
  return () => ({
    delivery: 'smtp',
    async send(mail) {
      if (failing) throw new Error('connection refused');
      sent.push(mail);
    },
  });
}

const windowOf = async () =>
  (
    await db
      .select()
      .from(schema.reviewMailWindows)
      .where(eq(schema.reviewMailWindows.videoId, videoId))
  )[0];
const mailJobs = () => db.select().from(schema.jobs).where(eq(schema.jobs.kind, REVIEW_MAIL_JOB));
const later = (window: { dueAt: Date }) => new Date(window.dueAt.getTime() + 1000);

describe('the mail about new review notes', () => {
  it('sends one mail of a window’s notes to each who may answer them, once', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const before = Date.now();
    await review.addReviewNote(
      db,
      link,
      { authorName: 'Ana <b>', body: 'Logo too small\nand <i>soft</i>', seconds: 75 },
      1,
      MAIL,
    );
    await review.addReviewNote(db, link, { authorName: 'Bo', body: 'Colour', seconds: 2 }, 1, MAIL);

    // One window, due ten minutes after the first note, and one job for it.
    const window = await windowOf();
    expect(window!.dueAt.getTime()).toBeGreaterThanOrEqual(before + 600_000);
    expect(window!.dueAt.getTime()).toBeLessThan(Date.now() + 600_000 + 1);
    const jobs = await mailJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({ videoId, origin });
    expect(jobs[0]!.runAt).toEqual(window!.dueAt);

    const sent: Sent[] = [];
    expect(
      await sendReviewMail(db, { videoId, origin }, recordingMailer(sent), later(window!)),
    ).toBe(2);
    // The owner, the admin and the contributor who uploaded it; not a viewer, not another contributor.
    expect(sent.map((mail) => mail.to).sort()).toEqual([
      'admin@example.test',
      'maker@example.test',
      'owner@example.test',
    ]);
    const english = sent.find((mail) => mail.to === 'admin@example.test')!;
    expect(english.subject).toBe('New review notes on “Cut <3>”');
    // In the order of the timeline, each with its time code, version and author.
    expect(english.text).toContain(
      '0:02 · version 1 · Bo\nColour\n\n1:15 · version 1 · Ana <b>\nLogo too small\nand <i>soft</i>',
    );
    expect(english.text).toContain(`Open the review: ${origin}/manage/videos/${videoId}/review`);
    expect(english.html).toContain('Ana &lt;b&gt;');
    expect(english.html).toContain('Logo too small<br>and &lt;i&gt;soft&lt;/i&gt;');
    expect(english.html).not.toContain('<i>soft');
    const french = sent.find((mail) => mail.to === 'owner@example.test')!;
    expect(french.subject).toBe('Nouvelles notes de relecture sur « Cut <3> »');
    expect(french.text).toContain(`${origin}/fr-FR/manage/videos/${videoId}/review`);

    expect(await windowOf()).toBeUndefined();
    // Run again (another worker, a retry): nothing is sent twice.
    expect(
      await sendReviewMail(db, { videoId, origin }, recordingMailer(sent), later(window!)),
    ).toBe(0);
    expect(sent).toHaveLength(3);

    // The next note opens the next window with its own job.
    await review.addReviewNote(db, link, { authorName: 'Cy', body: 'Cut', seconds: 9 }, 1, MAIL);
    expect(await windowOf()).toBeDefined();
    expect(await mailJobs()).toHaveLength(2);
  });

  it('keeps the notes for the next try when no mail could be sent', async () => {
    const window = await windowOf();
    const nobody: Sent[] = [];
    await expect(
      sendReviewMail(db, { videoId, origin }, recordingMailer(nobody, true), later(window!)),
    ).rejects.toThrow('connection refused');
    const sent: Sent[] = [];
    expect(
      await sendReviewMail(db, { videoId, origin }, recordingMailer(sent), later(window!)),
    ).toBe(1);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.text).toContain('0:09 · version 1 · Cy\nCut');
  });

  it('leaves a window opened after the job’s due time to its own job', async () => {
    const link = await review.createReviewLink(db, videoId, '');
    const now = new Date();
    await review.addReviewNote(db, link, { authorName: 'Di', body: 'Late', seconds: 3 }, 1, MAIL);
    const sent: Sent[] = [];
    // A retry running now claims the note (it is not mailed yet) but the window stays for its job.
    expect(await sendReviewMail(db, { videoId, origin }, recordingMailer(sent), now)).toBe(1);
    expect(await windowOf()).toBeDefined();
    const window = await windowOf();
    expect(
      await sendReviewMail(db, { videoId, origin }, recordingMailer(sent), later(window!)),
    ).toBe(0);
    expect(await windowOf()).toBeUndefined();
    expect(sent).toHaveLength(3);
  });
});
