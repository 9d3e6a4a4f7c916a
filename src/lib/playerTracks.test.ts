import { describe, expect, it } from 'vitest';
import { activeTextTrack, chapterAt, listChapters, type TextTrackLike } from './playerTracks.ts';

const chapters: TextTrackLike = {
  kind: 'chapters',
  language: 'en',
  label: 'Chapters',
  mode: 'hidden',
  cues: [
    { startTime: 30, endTime: 60, text: 'Noon' },
    { startTime: 0, endTime: 30, text: 'Dawn' },
  ],
};
const captions: TextTrackLike = {
  kind: 'captions',
  language: 'en',
  label: 'English',
  mode: 'hidden',
  cues: null,
};

describe('given a chapters track and captions on but hidden', () => {
  it('lists the chapters in time order, numbered from 1', () => {
    expect(listChapters([captions, chapters])).toEqual([
      { startTime: 0, title: 'Dawn', index: 1 },
      { startTime: 30, title: 'Noon', index: 2 },
    ]);
  });

  it('finds the chapter playing', () => {
    const list = listChapters([chapters]);
    expect(chapterAt(list, 45)?.title).toBe('Noon');
    expect(chapterAt(list, 0)?.title).toBe('Dawn');
    expect(chapterAt([], 10)).toBeUndefined();
  });

  it('names the captions, not the chapters, as the active text track', () => {
    expect(activeTextTrack([chapters, captions])).toEqual({
      kind: 'captions',
      language: 'en',
      label: 'English',
    });
    expect(activeTextTrack([chapters])).toEqual({ kind: null, language: null, label: null });
  });
});
