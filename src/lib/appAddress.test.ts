import { describe, expect, it } from 'vitest';
import { appAddress } from './appAddress.ts';

describe('given a page the app served', () => {
  it('calls the app beside the page', () => {
    const page = { appOrigin: undefined, href: 'https://videos.example.com/showcase/4' };
    expect(appAddress('/api/albums/4/videos/42', page).href).toBe(
      'https://videos.example.com/api/albums/4/videos/42',
    );
  });
});

describe('given a page published as a static file', () => {
  it("calls the app's origin that the page names", () => {
    const page = {
      appOrigin: 'https://app.example.com',
      href: 'https://www.example.com/showcase/4',
    };
    expect(appAddress('/api/albums/4/videos/42?fields=live.status', page).href).toBe(
      'https://app.example.com/api/albums/4/videos/42?fields=live.status',
    );
  });
});
