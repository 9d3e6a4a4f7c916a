import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playVideo, stopVideo } from './player.ts';
import {
  closeSearch,
  connectSearch,
  inputSearch,
  searchOpen,
  searchQuery,
  searchResults,
  searchStatus,
} from './search.ts';

const hit = {
  uri: '/videos/2',
  name: 'Glass studio',
  description: '',
  link: '/showcase/1/video/2',
  duration: 5,
  pictures: { sizes: [] },
  user: { name: 'Olivia Okafor' },
};

describe('given the search store of showcase 1, shared as signals', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () =>
      Response.json({ total: 1, page: 1, per_page: 25, data: [hit] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // Relative URLs need a page to resolve against, as in the browser.
    vi.stubGlobal('location', new URL('http://vitrine.test/showcase/1'));
    // A page the app served: its <html> names no other origin (src/lib/appAddress.ts).
    vi.stubGlobal('document', { documentElement: { dataset: {} } });
    connectSearch({
      albumId: 1,
      carried: { sh: 'abc', app: 'showcase', referrer: 'https://partner.test/', is_embed: '1' },
    });
  });

  afterEach(() => {
    closeSearch();
    stopVideo();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the videos API for 25 results of the text after the debounce, with the share hash, referrer and is_embed', async () => {
    inputSearch('glass');
    expect(searchStatus.value).toBe('searching');
    expect(searchOpen.value).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0] as Request;
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/albums/1/videos');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      query: 'glass',
      page: '1',
      per_page: '25',
      sh: 'abc',
      referrer: 'https://partner.test/',
      is_embed: '1',
    });
    expect(url.searchParams.has('app')).toBe(false);
    expect(request.headers.get('accept')).toBe('application/vnd.vimeo.video;version=3.4.9');
    expect(searchStatus.value).toBe('results');
    expect(searchResults.value).toEqual({ items: [hit], total: 1, page: 1 });
    expect(searchQuery.value).toBe('glass');
  });

  it('is the error state when the API answers 500', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ error: 'Technical Difficulties' }, { status: 500 }),
    );
    inputSearch('glass');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(searchStatus.value).toBe('error');
  });

  it('closes when a video starts playing (SPEC §4)', async () => {
    inputSearch('glass');
    await vi.advanceTimersByTimeAsync(1_000);
    playVideo({ id: 2, name: 'Glass studio' });
    expect(searchStatus.value).toBe('idle');
    expect(searchQuery.value).toBe('');
    expect(searchOpen.value).toBe(false);
  });
});
