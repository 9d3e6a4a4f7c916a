import { describe, expect, it } from 'vitest';
import { clientFilePath, isBuildAsset } from './clientFilePath.ts';

describe('clientFilePath', () => {
  it('names the file without the query or fragment', () => {
    expect(clientFilePath('/player.js?v=3#x')).toEqual({
      encoded: '/player.js',
      decoded: '/player.js',
    });
    expect(clientFilePath('/favicon.svg')).toEqual({
      encoded: '/favicon.svg',
      decoded: '/favicon.svg',
    });
  });

  it('decodes the path as a file name is written', () => {
    expect(clientFilePath('/demo/night%20shift.svg')).toEqual({
      encoded: '/demo/night%20shift.svg',
      decoded: '/demo/night shift.svg',
    });
  });

  it('names nothing for an address that is no path or does not decode', () => {
    expect(clientFilePath('*')).toBeNull();
    expect(clientFilePath('/a%E0%A4%A.js')).toBeNull();
  });

  it('caches only the build’s own assets for good', () => {
    expect(isBuildAsset('/_astro/client.Le1kqCLl.js')).toBe(true);
    expect(isBuildAsset('/player.js')).toBe(false);
  });
});
