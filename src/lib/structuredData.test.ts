import { describe, expect, it } from 'vitest';
import {
  serializeJsonLd,
  showcaseItemListLd,
  videoObjectLd,
  type VideoFacts,
} from './structuredData.ts';

const video: VideoFacts = {
  name: 'Harbour at dawn',
  description: 'Boats leave the quay.',
  url: 'https://v.example/showcase/3/video/17',
  embedUrl: 'https://v.example/showcase/3/video/17/embed',
  thumbnailUrl: 'https://v.example/thumbnails/17-AbCdEfGh_-012345-1280.jpg',
  uploadDate: '2026-03-01T10:00:00.000Z',
  durationSeconds: 65,
  rating: 'safe',
  authorName: 'Ana',
  live: null,
};

/** As a crawler reads it: the script element's text, parsed. */
const parsed = (data: Parameters<typeof serializeJsonLd>[0]) =>
  JSON.parse(serializeJsonLd(data)) as Record<string, unknown>;

describe('given a public video', () => {
  const ld = parsed(videoObjectLd(video));

  it('is a schema.org VideoObject with the properties search engines require', () => {
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('VideoObject');
    for (const property of ['name', 'description', 'thumbnailUrl', 'uploadDate'])
      expect(typeof ld[property]).toBe('string');
  });

  it('gives absolute page, player and picture addresses, the upload time and an ISO 8601 duration', () => {
    expect(ld).toMatchObject({
      url: video.url,
      embedUrl: video.embedUrl,
      thumbnailUrl: video.thumbnailUrl,
      uploadDate: '2026-03-01T10:00:00.000Z',
      duration: 'PT1M5S',
      author: { '@type': 'Person', name: 'Ana' },
      isFamilyFriendly: true,
    });
    expect(ld).not.toHaveProperty('contentRating');
    expect(ld).not.toHaveProperty('publication');
  });

  it('says a mature video is mature and not family friendly, and claims nothing of an unrated one', () => {
    expect(parsed(videoObjectLd({ ...video, rating: 'mature' }))).toMatchObject({
      contentRating: 'Mature',
      isFamilyFriendly: false,
    });
    const unrated = parsed(videoObjectLd({ ...video, rating: 'unrated' }));
    expect(unrated).not.toHaveProperty('contentRating');
    expect(unrated).not.toHaveProperty('isFamilyFriendly');
  });

  it('leaves out a picture it does not have, and describes an undescribed video by its title', () => {
    const bare = parsed(videoObjectLd({ ...video, thumbnailUrl: null, description: '' }));
    expect(bare).not.toHaveProperty('thumbnailUrl');
    expect(bare['description']).toBe('Harbour at dawn');
  });
});

describe('given a live event', () => {
  const live = (status: 'pending' | 'streaming' | 'done', endDate: string | null = null) =>
    parsed(
      videoObjectLd({ ...video, live: { status, startDate: '2026-03-02T18:00:00.000Z', endDate } }),
    );

  it('publishes the video as a live BroadcastEvent with its start and status', () => {
    expect(live('streaming')['publication']).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2026-03-02T18:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
    });
    expect(live('pending')['publication']).toMatchObject({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
    });
  });

  it('gives the end of a broadcast that is over', () => {
    expect(live('done', '2026-03-02T19:00:00.000Z')['publication']).toMatchObject({
      endDate: '2026-03-02T19:00:00.000Z',
    });
    expect(live('streaming', '2026-03-02T19:00:00.000Z')['publication']).not.toHaveProperty(
      'endDate',
    );
  });

  it('claims no length before the replay gives it one', () => {
    const upcoming = parsed(
      videoObjectLd({
        ...video,
        durationSeconds: 0,
        live: { status: 'pending', startDate: '2026-03-02T18:00:00.000Z', endDate: null },
      }),
    );
    expect(upcoming).not.toHaveProperty('duration');
    expect(live('done', '2026-03-02T19:00:00.000Z')['duration']).toBe('PT1M5S');
  });

  it('describes no broadcast before the event has a start', () => {
    expect(
      parsed(
        videoObjectLd({
          ...video,
          live: { status: 'unavailable', startDate: null, endDate: null },
        }),
      ),
    ).not.toHaveProperty('publication');
  });
});

describe('given a showcase page', () => {
  const ld = parsed(
    showcaseItemListLd({
      name: 'Harbours',
      description: '',
      url: 'https://v.example/showcase/3?page=2',
      items: [
        { position: 13, url: video.url },
        { position: 14, url: 'https://v.example/showcase/3/video/18' },
      ],
    }),
  );

  it('is an ItemList of its videos’ pages at their places in the showcase, which describe them', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Harbours',
      url: 'https://v.example/showcase/3?page=2',
      numberOfItems: 2,
    });
    expect(ld['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 13, url: video.url },
      { '@type': 'ListItem', position: 14, url: 'https://v.example/showcase/3/video/18' },
    ]);
    expect(ld).not.toHaveProperty('description');
  });
});

describe('serializeJsonLd', () => {
  const hostile = {
    ...video,
    name: '</script><script>alert(1)</script>',
    description: '<!-- & \u2028 -->',
  };

  it('never writes a character that could end the script element or open a comment', () => {
    const json = serializeJsonLd(videoObjectLd(hostile));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('still reads back as the same data', () => {
    expect(JSON.parse(serializeJsonLd(videoObjectLd(hostile)))).toEqual(videoObjectLd(hostile));
  });
});
