import { describe, expect, it } from 'vitest';
import { parseShowcaseSettings } from './showcaseSettings.ts';
import { parseVideoSettings } from './videoSettings.ts';
import {
  albumOrderOf,
  albumPatchReader,
  contentRatingOf,
  invalidAlbumFields,
  invalidVideoFields,
  videoPatchReader,
  type StoredAlbum,
  type StoredVideo,
} from './vimeoWrites.ts';

const video: StoredVideo = {
  name: 'Harbour at dawn',
  description: 'Boats leaving',
  privacy: 'anybody',
  privacyDownload: true,
  contentRating: 'safe',
};

const album: StoredAlbum = {
  name: 'Travel',
  description: '',
  privacyView: 'anybody',
  sort: 'arranged',
  layout: 'grid',
  theme: 'standard',
  brandColor: '#00adef',
  domain: null,
  embedDomains: ['partner.example.com'],
  thumbnailVideoId: 7,
  featuredVideoId: null,
  hideNav: false,
  hideUpcoming: true,
  allowDownloads: false,
  allowShare: true,
  allowContinuousPlay: false,
  autoplay: false,
};

describe('contentRatingOf', () => {
  it("reads Vimeo's safe and unrated, and any mature reason as explicit", () => {
    expect(contentRatingOf(['safe'])).toBe('safe');
    expect(contentRatingOf('unrated')).toBe('unrated');
    expect(contentRatingOf(['violence', 'language'])).toBe('explicit');
  });

  it('has no rating for a mix of safe and mature, an unknown word or nothing', () => {
    expect(contentRatingOf(['safe', 'nudity'])).toBeNull();
    expect(contentRatingOf(['advertisement'])).toBeNull();
    expect(contentRatingOf([])).toBeNull();
  });
});

describe('a video PATCH read through the studio’s check', () => {
  const parse = (patch: Parameters<typeof videoPatchReader>[0], hasPassword = false) =>
    parseVideoSettings(videoPatchReader(patch, video), { hasPassword, isStock: false });

  it('changes what the body names and keeps the rest', () => {
    expect(parse({ name: 'Renamed', privacy: { download: false } })).toEqual({
      ok: true,
      settings: {
        name: 'Renamed',
        description: 'Boats leaving',
        privacyView: 'anybody',
        privacyDownload: false,
        contentRating: 'safe',
        newPassword: null,
      },
    });
    expect(parse({})).toMatchObject({ ok: true, settings: { privacyDownload: true } });
  });

  it('sets a password with privacy.view password, and asks for one when none is stored', () => {
    expect(parse({ privacy: { view: 'password' }, password: 'tide-2026' })).toMatchObject({
      ok: true,
      settings: { privacyView: 'password', newPassword: 'tide-2026' },
    });
    expect(parse({ privacy: { view: 'password' } }, true)).toMatchObject({ ok: true });
    const refused = parse({ privacy: { view: 'password' } });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(invalidVideoFields(refused.errors)).toEqual([
        { field: 'password', error: 'library.passwordRequired', values: {} },
      ]);
  });

  it("refuses under Vimeo's field names, with the limits the messages name", () => {
    const refused = parse({
      name: ' ',
      description: 'x'.repeat(5001),
      privacy: { view: 'stock' },
      content_rating: ['safe', 'drugs'],
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(invalidVideoFields(refused.errors)).toEqual([
        { field: 'name', error: 'library.nameRequired', values: { max: 128 } },
        { field: 'description', error: 'library.descriptionTooLong', values: { max: 5000 } },
        { field: 'privacy.view', error: 'library.invalidChoice', values: {} },
        { field: 'content_rating', error: 'library.invalidChoice', values: {} },
      ]);
  });
});

describe('an album PATCH read through the showcase editor’s check', () => {
  const context = { hasPassword: false, videoIds: [7] };

  it('keeps every setting the body leaves out, the editor-only ones included', () => {
    const parsed = parseShowcaseSettings(
      albumPatchReader({ name: 'Journeys', hide_upcoming: false, sort: 'newest' }, album),
      context,
    );
    expect(parsed).toMatchObject({
      ok: true,
      settings: {
        name: 'Journeys',
        sort: 'newest',
        hideUpcoming: false,
        allowShare: true,
        embedDomains: ['partner.example.com'],
        thumbnailVideoId: 7,
        domain: null,
      },
    });
  });

  it('refuses a privacy outside the vocabulary and a password privacy without one', () => {
    const refused = parseShowcaseSettings(
      albumPatchReader({ privacy: 'password', brand_color: 'blue', password: 'ab' }, album),
      context,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(invalidAlbumFields(refused.errors)).toEqual([
        { field: 'brand_color', error: 'studio.invalidColor', values: {} },
        { field: 'password', error: 'studio.passwordTooShort', values: { min: 4 } },
      ]);
    const unknown = parseShowcaseSettings(albumPatchReader({ privacy: 'friends' }, album), context);
    expect(unknown).toMatchObject({ ok: false, errors: { privacy: 'studio.invalidChoice' } });
  });

  it('clears the domain on null', () => {
    const parsed = parseShowcaseSettings(
      albumPatchReader({ domain: null }, { ...album, domain: 'videos.example.com' }),
      context,
    );
    expect(parsed).toMatchObject({ ok: true, settings: { domain: null } });
  });
});

describe('albumOrderOf', () => {
  it("reads Vimeo's array of uris, a comma-separated list and bare ids", () => {
    expect(albumOrderOf({ videos: [{ uri: '/videos/3' }, { uri: '/users/1/videos/1' }] })).toEqual([
      3, 1,
    ]);
    expect(albumOrderOf({ videos: '/videos/2, /videos/5' })).toEqual([2, 5]);
    expect(albumOrderOf({ videos: [4, '6'] })).toEqual([4, 6]);
  });

  it('answers null for a body naming no video or something else', () => {
    expect(albumOrderOf(null)).toBeNull();
    expect(albumOrderOf({ videos: [] })).toBeNull();
    expect(albumOrderOf({ videos: [{ uri: '/albums/3' }] })).toBeNull();
    expect(albumOrderOf({ order: [1] })).toBeNull();
  });
});
