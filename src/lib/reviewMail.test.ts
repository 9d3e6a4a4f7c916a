import { describe, expect, it } from 'vitest';
import type { TeamRole } from './domain.ts';
import { mailDueAt, mailOrder, reviewMailRecipients } from './reviewMail.ts';

const person = (userId: number, role: TeamRole) => ({ userId, role, contact: `user${userId}` });

describe('the mail window of new review notes', () => {
  it('is due the configured delay after the note that opened it', () => {
    const opened = new Date('2026-12-07T10:00:00Z');
    expect(mailDueAt(opened, 600)).toEqual(new Date('2026-12-07T10:10:00Z'));
    expect(mailDueAt(opened, 0)).toEqual(opened);
  });
});

describe('who is told about new review notes', () => {
  it('tells the owner and admins, and the contributor who uploaded the video', () => {
    const people = [
      person(1, 'Owner'),
      person(2, 'Admin'),
      person(3, 'Contributor'),
      person(4, 'Contributor Plus'),
      person(5, 'Viewer'),
      person(6, 'Uploader'),
    ];
    expect(reviewMailRecipients(people, 3)).toEqual(['user1', 'user2', 'user3']);
    expect(reviewMailRecipients(people, 4)).toEqual(['user1', 'user2', 'user4']);
  });

  it('does not tell an uploader who may not edit what they uploaded', () => {
    expect(reviewMailRecipients([person(1, 'Owner'), person(6, 'Uploader')], 6)).toEqual(['user1']);
  });

  it('tells each person once', () => {
    expect(reviewMailRecipients([person(1, 'Owner'), person(1, 'Owner')], null)).toEqual(['user1']);
  });
});

describe('the notes of one mail', () => {
  it('come by version, then in the order of the timeline, then as they were left', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute));
    const notes = [
      { id: 'late v1', version: 1, seconds: 80, createdAt: at(0) },
      { id: 'v2', version: 2, seconds: 3, createdAt: at(1) },
      { id: 'early v1, second', version: 1, seconds: 5, createdAt: at(3) },
      { id: 'early v1, first', version: 1, seconds: 5, createdAt: at(2) },
    ];
    expect(mailOrder(notes).map((note) => note.id)).toEqual([
      'early v1, first',
      'early v1, second',
      'late v1',
      'v2',
    ]);
  });
});
