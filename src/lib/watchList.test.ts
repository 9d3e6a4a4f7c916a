import { describe, expect, it } from 'vitest';
import { newestAcross } from './watchList.ts';

interface Video {
  id: number;
  at: number;
}

const options = { timeOf: (v: Video) => v.at, idOf: (v: Video) => v.id, limit: 3 };

describe('newestAcross', () => {
  it('lists the newest videos of every showcase together, newest first, up to the limit', () => {
    const list = newestAcross(
      [
        {
          showcaseId: 1,
          videos: [
            { id: 10, at: 100 },
            { id: 11, at: 400 },
          ],
        },
        {
          showcaseId: 2,
          videos: [
            { id: 20, at: 300 },
            { id: 21, at: 200 },
          ],
        },
      ],
      options,
    );
    expect(list.map((e) => [e.showcaseId, e.video.id])).toEqual([
      [1, 11],
      [2, 20],
      [2, 21],
    ]);
  });

  it('lists a video in two showcases once, under the first showcase given', () => {
    const shared = { id: 5, at: 500 };
    const list = newestAcross(
      [
        { showcaseId: 7, videos: [shared] },
        { showcaseId: 3, videos: [shared, { id: 6, at: 100 }] },
      ],
      options,
    );
    expect(list.map((e) => [e.showcaseId, e.video.id])).toEqual([
      [7, 5],
      [3, 6],
    ]);
  });

  it('orders videos of the same moment by id, newest id first', () => {
    const list = newestAcross(
      [
        {
          showcaseId: 1,
          videos: [
            { id: 1, at: 9 },
            { id: 2, at: 9 },
          ],
        },
      ],
      options,
    );
    expect(list.map((e) => e.video.id)).toEqual([2, 1]);
  });
});
