import { describe, expect, it } from 'vitest';
import { vimeoDownload, type DownloadRowInput } from './vimeoDownload.ts';

const hd: DownloadRowInput = {
  quality: 'hd',
  publicName: 'HD 1080p',
  width: 1920,
  height: 1080,
  size: 2048,
  sizeShort: '2 KB',
  link: '/media/videos/7/1080.mp4?exp=1700000000&sig=x&dl=Clip-hd.mp4',
  isCold: false,
};

describe('vimeoDownload', () => {
  it("names a rendition's fields as Vimeo's API does", () => {
    expect(vimeoDownload(hd, '2024-01-01T00:00:00.000Z')).toEqual({
      quality: 'hd',
      rendition: '1080p',
      type: 'video/mp4',
      width: 1920,
      height: 1080,
      expires: '2023-11-14T22:13:20.000Z',
      link: hd.link,
      created_time: '2024-01-01T00:00:00.000Z',
      fps: null,
      size: 2048,
      md5: null,
      public_name: 'HD 1080p',
      size_short: '2 KB',
      is_cold: false,
    });
  });

  it('calls the original "source", of type source', () => {
    expect(
      vimeoDownload(
        {
          ...hd,
          quality: 'source',
          publicName: 'Original',
          link: '/media/videos/7/source.mov?exp=1&sig=x',
        },
        't',
      ),
    ).toMatchObject({ rendition: 'source', type: 'source' });
  });

  it('gives an archived file no expiry: its link asks for it back', () => {
    expect(
      vimeoDownload(
        {
          ...hd,
          quality: 'source',
          isCold: true,
          link: '/api/albums/1/videos/7/retrieve?quality=source',
        },
        't',
      ),
    ).toMatchObject({ expires: null, is_cold: true });
  });
});
