import { describe, expect, it } from 'vitest';
import {
  digestsCover,
  republishScope,
  type PublishDigests,
  type ShowcaseDigest,
} from './publishChanges.ts';

const digests = (entries: [number, ShowcaseDigest][]): PublishDigests => new Map(entries);
const before = digests([
  [1, { frame: 'f1', cover: 'c1', videos: { 7: 'v7', 8: 'v8' } }],
  [2, { frame: 'f2', cover: 'c2', videos: { 8: 'v8', 9: 'v9' } }],
]);

describe('the pages a write republishes', () => {
  it('are none when no digest changed', () => {
    expect(republishScope(before, before)).toEqual({ listings: false, showcases: new Map() });
  });

  it('are a renamed video’s own pages and its showcase’s lists, not its neighbours’', () => {
    const after = digests([
      [1, { frame: 'f1', cover: 'c1', videos: { 7: 'v7 renamed', 8: 'v8' } }],
      [2, { frame: 'f2', cover: 'c2', videos: { 8: 'v8', 9: 'v9' } }],
    ]);
    // The home page and the site map show no video's title.
    expect(republishScope(before, after)).toEqual({
      listings: false,
      showcases: new Map([[1, new Set([7])]]),
    });
  });

  it('include the home page and the site map when a cover may have changed', () => {
    const after = digests([
      [1, { frame: 'f1', cover: 'c1 new picture', videos: { 7: 'v7 new picture', 8: 'v8' } }],
      [2, before.get(2)!],
    ]);
    expect(republishScope(before, after).listings).toBe(true);
  });

  it('include the home page when it shows the changed showcase', () => {
    const after = digests([
      [1, { frame: 'f1', cover: 'c1', videos: { 7: 'v7 renamed', 8: 'v8' } }],
      [2, before.get(2)!],
    ]);
    expect(republishScope(before, after, 1).listings).toBe(true);
    expect(republishScope(before, after, 2).listings).toBe(false);
  });

  it('are in every showcase that holds the video', () => {
    const after = digests([
      [1, { frame: 'f1', cover: 'c1', videos: { 7: 'v7', 8: 'v8 new picture' } }],
      [2, { frame: 'f2', cover: 'c2', videos: { 8: 'v8 new picture', 9: 'v9' } }],
    ]);
    expect(republishScope(before, after).showcases).toEqual(
      new Map([
        [1, new Set([8])],
        [2, new Set([8])],
      ]),
    );
  });

  it('are every page of a showcase whose frame changed (order, privacy, its own settings)', () => {
    const after = digests([
      [1, { frame: 'f1 reordered', cover: 'c1', videos: { 7: 'v7', 8: 'v8' } }],
      [2, { frame: 'f2', cover: 'c2', videos: { 8: 'v8', 9: 'v9' } }],
    ]);
    expect(republishScope(before, after).showcases).toEqual(new Map([[1, 'all']]));
  });

  it('are every page of a showcase that became public, and the listings', () => {
    const after = digests([...before, [3, { frame: 'f3', cover: 'c3', videos: {} }]]);
    expect(republishScope(before, after)).toEqual({
      listings: true,
      showcases: new Map([[3, 'all']]),
    });
  });

  it('are the listings alone when a showcase stopped being public', () => {
    const after = digests([[1, before.get(1)!]]);
    expect(republishScope(before, after)).toEqual({ listings: true, showcases: new Map() });
  });
});

describe('whether the digests can tell', () => {
  it('says yes for writes to the tables public pages read', () => {
    expect(digestsCover(['videos', 'showcase_videos', 'video_files', 'users'])).toBe(true);
  });

  it('says no for a table they do not cover, or changes that may have been missed', () => {
    expect(digestsCover(['videos', 'stock_collections'])).toBe(false);
    expect(digestsCover(['videos', undefined])).toBe(false);
  });
});
