import { describe, expect, it } from 'vitest';
import { apiPathOf, chooseApiOrigins, siteRouteOf, type ApiOriginSettings } from './apiOrigin.ts';

describe('siteRouteOf and apiPathOf', () => {
  it('answers a path of the API origin with the /api route of the same name, query and all', () => {
    expect(siteRouteOf('/videos/7')).toBe('/api/videos/7');
    expect(siteRouteOf('/albums/1/videos?page=2&per_page=5')).toBe(
      '/api/albums/1/videos?page=2&per_page=5',
    );
    expect(siteRouteOf('/')).toBe('/api/');
  });

  it('sends a target that is no path (an absolute form, *) to the API root, never to another host', () => {
    expect(siteRouteOf('http://evil.example/videos/7')).toBe('/api/');
    expect(siteRouteOf('*')).toBe('/api/');
  });

  it('writes a route path as the API origin knows it', () => {
    expect(apiPathOf('/api/users/3/albums/2')).toBe('/users/3/albums/2');
    expect(apiPathOf('/api')).toBe('/');
    expect(apiPathOf('/apiary')).toBe('/apiary');
  });

  it('round-trips', () => {
    expect(apiPathOf(siteRouteOf('/me/videos'))).toBe('/me/videos');
  });
});

const settings: ApiOriginSettings = {
  publicUrl: undefined,
  apiPublicUrl: undefined,
  trustedHosts: [],
  port: 4321,
  apiPort: 4322,
};

describe('chooseApiOrigins', () => {
  describe('given a request to the API origin', () => {
    it('takes API_PUBLIC_URL and PUBLIC_URL when configured, whatever the Host', () => {
      const configured = {
        ...settings,
        publicUrl: new URL('https://video.example.com'),
        apiPublicUrl: new URL('https://api.example.com'),
      };
      expect(chooseApiOrigins(new URL('http://evil.example/videos/7'), true, configured)).toEqual({
        site: 'https://video.example.com',
        api: 'https://api.example.com',
      });
    });

    it('answers on loopback with the site on its own port of the same host', () => {
      expect(chooseApiOrigins(new URL('http://127.0.0.1:4322/videos/7'), true, settings)).toEqual({
        site: 'http://127.0.0.1:4321',
        api: 'http://127.0.0.1:4322',
      });
    });

    it('never takes a made-up Host', () => {
      expect(
        chooseApiOrigins(new URL('http://evil.example:4322/videos/7'), true, settings),
      ).toEqual({ site: 'http://localhost:4321', api: 'http://localhost:4322' });
    });

    it('takes a trusted host as the API origin', () => {
      const trusted = {
        ...settings,
        trustedHosts: ['api.example.com'],
        publicUrl: new URL('https://example.com'),
      };
      expect(chooseApiOrigins(new URL('https://api.example.com/me'), true, trusted)).toEqual({
        site: 'https://example.com',
        api: 'https://api.example.com',
      });
    });
  });

  describe("given a request to the site's /api", () => {
    it('resolves API paths under the /api of the site origin', () => {
      expect(
        chooseApiOrigins(new URL('http://localhost:4321/api/videos/7'), false, settings),
      ).toEqual({ site: 'http://localhost:4321', api: 'http://localhost:4321/api' });
      const published = { ...settings, publicUrl: new URL('https://video.example.com') };
      expect(chooseApiOrigins(new URL('http://evil.example/api/me'), false, published)).toEqual({
        site: 'https://video.example.com',
        api: 'https://video.example.com/api',
      });
    });
  });
});
