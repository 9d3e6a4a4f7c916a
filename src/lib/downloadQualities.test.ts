import { describe, expect, it } from 'vitest';
import { downloadRows, publicName, sortDownloads, type QualityNames } from './downloadQualities.ts';

const names: QualityNames = { source: 'Original', uhd: '4K', hd: 'HD', sd: 'SD' };
const MB = 1024 ** 2;
const GB = 1024 ** 3;

const file = (quality: string, height: number | null, size = MB) => ({
  quality,
  width: height ? Math.round((height * 16) / 9) : null,
  height,
  size,
});

describe('sortDownloads', () => {
  it('puts the source first even when it is the smallest, then sorts by height', () => {
    const sorted = sortDownloads([
      file('uhd', 2160),
      file('sd', 540),
      file('source', 360),
      file('hd', 1080),
      file('hd', 720),
    ]);
    expect(sorted.map((f) => `${f.quality}${f.height}`)).toEqual([
      'source360',
      'sd540',
      'hd720',
      'hd1080',
      'uhd2160',
    ]);
  });

  it('keeps files of equal height in their given order', () => {
    const a = { ...file('hd', 720), size: 1 };
    const b = { ...file('hd', 720), size: 2 };
    expect(sortDownloads([a, b])).toEqual([a, b]);
  });

  it('does not change the list it was given', () => {
    const files = [file('hd', 720), file('source', 1080)];
    sortDownloads(files);
    expect(files[0]?.quality).toBe('hd');
  });
});

describe('publicName', () => {
  it('names the source "Original" whatever its height', () => {
    expect(publicName('source', 1080, names)).toBe('Original');
  });
  it('adds the lines to a rendition', () => {
    expect(publicName('hd', 720, names)).toBe('HD 720p');
    expect(publicName('uhd', 2160, names)).toBe('4K 2160p');
  });
  it('falls back to the plain name when the height is unknown', () => {
    expect(publicName('sd', null, names)).toBe('SD');
  });
});

describe('downloadRows', () => {
  it('leaves out HLS playlists and orders the rest with short sizes', () => {
    const rows = downloadRows(
      [
        file('hls', 720),
        file('hd', 720, 1.5 * GB),
        file('source', 1080, 1.05 * GB),
        file('sd', 360, 23.6 * MB),
      ],
      names,
      'en',
    );
    expect(rows.map((r) => [r.publicName, r.sizeShort])).toEqual([
      ['Original', '1 GB'],
      ['SD 360p', '24 MB'],
      ['HD 720p', '1.5 GB'],
    ]);
  });

  it('formats sizes for the locale', () => {
    const [row] = downloadRows([file('hd', 720, 1.5 * GB)], names, 'fr-FR');
    expect(row?.sizeShort).toBe('1,5\u202fGo');
  });

  it('answers nothing for a video without downloadable files', () => {
    expect(downloadRows([file('hls', 720)], names, 'en')).toEqual([]);
  });
});
