import { describe, expect, it } from 'vitest';
import {
  checkReply,
  checkReviewNote,
  formatTimeCode,
  mayReview,
  parseTimeCode,
  REVIEW_NAME_MAX,
  REVIEW_NOTE_MAX,
  REVIEW_REPLY_MAX,
} from './reviewNotes.ts';

describe('parseTimeCode', () => {
  it('reads seconds, m:ss and h:mm:ss', () => {
    expect(parseTimeCode('83')).toBe(83);
    expect(parseTimeCode(' 1:23 ')).toBe(83);
    expect(parseTimeCode('01:02:03')).toBe(3723);
    expect(parseTimeCode('0:00')).toBe(0);
  });

  it('refuses what is no time code', () => {
    for (const text of ['', 'abc', '1:60', '1:2:60', '1:2:3:4', '-5', '1.5', '1::2'])
      expect(parseTimeCode(text)).toBeNull();
  });
});

describe('formatTimeCode', () => {
  it('writes m:ss under an hour and h:mm:ss from one on', () => {
    expect(formatTimeCode(0)).toBe('0:00');
    expect(formatTimeCode(83.9)).toBe('1:23');
    expect(formatTimeCode(3723)).toBe('1:02:03');
  });

  it('reads back what it writes', () => {
    for (const seconds of [5, 59, 600, 3599, 7322]) {
      expect(parseTimeCode(formatTimeCode(seconds))).toBe(seconds);
    }
  });
});

describe('checkReviewNote', () => {
  it('keeps a note with its name, text and time code', () => {
    expect(
      checkReviewNote({ name: ' Ana  Lima ', body: 'Logo too small\r\nhere', time: '0:12' }, 60),
    ).toEqual({
      ok: true,
      note: { authorName: 'Ana Lima', body: 'Logo too small\nhere', seconds: 12 },
    });
  });

  it('names each missing or wrong field', () => {
    expect(checkReviewNote({ name: '', body: ' ', time: 'x' }, 60)).toEqual({
      ok: false,
      errors: { name: 'review.errorName', body: 'review.errorBody', time: 'review.errorTime' },
    });
  });

  it('refuses a time code past the end of the video', () => {
    expect(checkReviewNote({ name: 'A', body: 'B', time: '1:01' }, 60)).toMatchObject({
      ok: false,
      errors: { time: 'review.errorTime' },
    });
  });

  it('refuses a name or text over the limit, counted in characters', () => {
    const check = checkReviewNote(
      { name: 'é'.repeat(REVIEW_NAME_MAX + 1), body: '字'.repeat(REVIEW_NOTE_MAX + 1), time: '1' },
      60,
    );
    expect(check).toEqual({
      ok: false,
      errors: { name: 'review.errorNameLong', body: 'review.errorBodyLong' },
    });
    expect(
      checkReviewNote(
        { name: 'é'.repeat(REVIEW_NAME_MAX), body: '字'.repeat(REVIEW_NOTE_MAX), time: '1' },
        60,
      ).ok,
    ).toBe(true);
  });

  it('keeps markup as the text it is, dropping control characters', () => {
    expect(checkReviewNote({ name: 'A\u0007', body: '<b>x</b>', time: '1' }, 60)).toEqual({
      ok: true,
      note: { authorName: 'A', body: '<b>x</b>', seconds: 1 },
    });
  });
});

describe('checkReply', () => {
  it('trims a reply and refuses one over the limit', () => {
    expect(checkReply('  Fixed in v2  ')).toBe('Fixed in v2');
    expect(checkReply('')).toBe('');
    expect(checkReply('a'.repeat(REVIEW_REPLY_MAX + 1))).toBeNull();
  });
});

describe('mayReview', () => {
  const member = (
    role: 'Owner' | 'Admin' | 'Contributor' | 'Viewer' | 'Uploader',
    uploaderId = 2,
  ) => ({ kind: 'member', role, userId: 1, uploaderId }) as const;

  it('lets a reviewer add and read notes, nothing else', () => {
    const reviewer = { kind: 'reviewer' } as const;
    expect(mayReview(reviewer, 'add')).toBe(true);
    expect(mayReview(reviewer, 'read')).toBe(true);
    for (const action of ['reply', 'resolve', 'delete', 'makeLink'] as const)
      expect(mayReview(reviewer, action)).toBe(false);
  });

  it('lets those who may edit the video reply, resolve, delete and make links', () => {
    for (const actor of [member('Owner'), member('Admin'), member('Contributor', 1)])
      for (const action of ['reply', 'resolve', 'delete', 'makeLink'] as const)
        expect(mayReview(actor, action)).toBe(true);
  });

  it('lets readers of the account read only, and an uploader not even that', () => {
    for (const actor of [member('Viewer'), member('Contributor', 2)]) {
      expect(mayReview(actor, 'read')).toBe(true);
      expect(mayReview(actor, 'resolve')).toBe(false);
      expect(mayReview(actor, 'delete')).toBe(false);
    }
    expect(mayReview(member('Uploader'), 'read')).toBe(false);
  });
});
