import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import { refuseMedia } from './mediaRefusal.ts';

function visitor(
  acceptLanguage: string | null,
  localeCookie?: string,
): { request: Request; cookies: AstroCookies } {
  const headers = new Headers(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {});
  const cookies = {
    get: (name: string) =>
      name === 'locale' && localeCookie ? { value: localeCookie } : undefined,
  } as unknown as AstroCookies;
  return {
    request: new Request('http://vitrine.test/media/videos/1/source.mp4', { headers }),
    cookies,
  };
}

describe('refuseMedia', () => {
  it('tells a viewer that their download link expired, never to be cached', async () => {
    const response = refuseMedia('expired', visitor('en-GB'));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(
      'This download link has expired. Open the download window again for a new one.',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('says a file is archived with 409, in the language of Accept-Language', async () => {
    const response = refuseMedia('archived', visitor('fr-CA, en;q=0.5'));
    expect(response.status).toBe(409);
    expect(response.headers.get('content-language')).toBe('fr-FR');
    expect(await response.text()).toBe(
      'Ce fichier est archivé. Demandez-le depuis la fenêtre de téléchargement, puis réessayez.',
    );
  });

  it('prefers the language the viewer chose over the browser’s', async () => {
    const response = refuseMedia('missing', visitor('ja-JP', 'de-DE'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-language')).toBe('de-DE');
  });

  it('answers a forged link with the permission message, in English by default', async () => {
    const response = refuseMedia('forbidden', visitor(null));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(
      'Sorry but you do not have the proper permission to access this area.',
    );
  });
});
