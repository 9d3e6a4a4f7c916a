import { describe, expect, it } from 'vitest';
import { absoluteLinks, idOfUri } from './apiLinks.ts';

describe('absoluteLinks', () => {
  it('makes every link whole, however deep, and leaves uris as API paths', () => {
    const video = {
      uri: '/videos/7',
      link: '/showcase/1/video/7',
      pictures: {
        base_link: '/media/p',
        sizes: [{ width: 640, link: '/media/p/640.jpg?exp=1&sig=a' }],
      },
      download: [{ link: '/media/v.mp4' }],
      text_tracks: [{ downloadUrl: '/media/en.vtt' }],
      user: { uri: '/users/3', link: '/user/3' },
    };
    expect(absoluteLinks(video, 'https://video.example.com')).toEqual({
      uri: '/videos/7',
      link: 'https://video.example.com/showcase/1/video/7',
      pictures: {
        base_link: 'https://video.example.com/media/p',
        sizes: [{ width: 640, link: 'https://video.example.com/media/p/640.jpg?exp=1&sig=a' }],
      },
      download: [{ link: 'https://video.example.com/media/v.mp4' }],
      text_tracks: [{ downloadUrl: 'https://video.example.com/media/en.vtt' }],
      user: { uri: '/users/3', link: 'https://video.example.com/user/3' },
    });
  });

  it('keeps links that are already whole, protocol-relative or absent', () => {
    expect(
      absoluteLinks(
        { link: 'https://cdn.example/x', other: { link: '//cdn.example/y' }, none: { link: null } },
        'http://a',
      ),
    ).toEqual({
      link: 'https://cdn.example/x',
      other: { link: '//cdn.example/y' },
      none: { link: null },
    });
  });
});

describe('idOfUri', () => {
  it('reads the id at the end of a uri', () => {
    expect(idOfUri('/users/3/albums/12')).toBe(12);
  });
});
