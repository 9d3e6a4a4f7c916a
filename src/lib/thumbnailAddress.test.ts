import { describe, expect, it } from 'vitest';
import { parseThumbnailFile, thumbnailPath } from './thumbnailAddress.ts';

const address = { videoId: 42, digest: 'AbCdEfGh_-012345', width: 1280 };

describe('thumbnail addresses', () => {
  it('reads back the address it wrote', () => {
    const path = thumbnailPath(address);
    expect(path).toBe('/thumbnails/42-AbCdEfGh_-012345-1280.jpg');
    expect(parseThumbnailFile(path.slice('/thumbnails/'.length))).toEqual(address);
  });

  it.each([
    ['another extension', '42-AbCdEfGh_-012345-1280.png'],
    ['a short digest', '42-AbCdEf-1280.jpg'],
    ['a leading zero', '042-AbCdEfGh_-012345-1280.jpg'],
    ['no width', '42-AbCdEfGh_-012345.jpg'],
    ['a path', '../42-AbCdEfGh_-012345-1280.jpg'],
    ['an id beyond any row', '99999999999-AbCdEfGh_-012345-1280.jpg'],
  ])('refuses %s', (_, file) => {
    expect(parseThumbnailFile(file)).toBeNull();
  });
});
