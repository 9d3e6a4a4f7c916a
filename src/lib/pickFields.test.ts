import { describe, expect, it } from 'vitest';
import { parseFields, pickFields } from './pickFields.ts';

const video = {
  uri: '/videos/1',
  name: 'Clip',
  description: 'Long text',
  duration: 42,
  pictures: {
    uri: '/pictures/9',
    sizes: [
      { width: 640, height: 350, link: 'https://cdn/640.jpg' },
      { width: 960, height: 525, link: 'https://cdn/960.jpg' },
    ],
  },
  user: { uri: '/users/3', name: 'Ana', pictures: null },
  privacy: { view: 'anybody', download: true },
};

describe('parseFields', () => {
  it('splits on commas and trims', () => {
    expect(parseFields(' uri, name ,pictures.sizes.link')).toEqual([
      'uri',
      'name',
      'pictures.sizes.link',
    ]);
  });
  it('drops empty entries, empty path segments and duplicates', () => {
    expect(parseFields('uri,,uri, ,user..name.')).toEqual(['uri', 'user.name']);
  });
  it('is empty for absent or blank input', () => {
    expect(parseFields(undefined)).toEqual([]);
    expect(parseFields(null)).toEqual([]);
    expect(parseFields('  ')).toEqual([]);
  });
});

describe('pickFields', () => {
  describe('given no fields', () => {
    it.each([undefined, null, '', ' , ', []])('returns the object unchanged for %j', (fields) => {
      expect(pickFields(video, fields)).toBe(video);
    });
  });

  describe('given top-level fields', () => {
    it('keeps only those keys', () => {
      expect(pickFields(video, 'uri,name')).toEqual({ uri: '/videos/1', name: 'Clip' });
    });
    it('keeps a whole nested object when named', () => {
      expect(pickFields(video, 'privacy')).toEqual({
        privacy: { view: 'anybody', download: true },
      });
    });
    it('omits keys the object does not have', () => {
      expect(pickFields(video, 'uri,missing')).toEqual({ uri: '/videos/1' });
    });
  });

  describe('given dotted paths', () => {
    it('keeps the nested key only', () => {
      expect(pickFields(video, 'user.name')).toEqual({ user: { name: 'Ana' } });
    });
    it('maps through arrays of objects', () => {
      expect(pickFields(video, 'uri,name,pictures.sizes.link,user.name')).toEqual({
        uri: '/videos/1',
        name: 'Clip',
        pictures: { sizes: [{ link: 'https://cdn/640.jpg' }, { link: 'https://cdn/960.jpg' }] },
        user: { name: 'Ana' },
      });
    });
    it('merges several paths under one parent', () => {
      expect(pickFields(video, 'privacy.view,privacy.download')).toEqual({
        privacy: { view: 'anybody', download: true },
      });
    });
    it('lets a whole parent win over a child path, whatever the order', () => {
      expect(pickFields(video, 'user.name,user')).toEqual({ user: video.user });
      expect(pickFields(video, 'user,user.name')).toEqual({ user: video.user });
    });
    it('keeps null along a path', () => {
      expect(pickFields(video, 'user.pictures.sizes')).toEqual({ user: { pictures: null } });
    });
    it('drops a key whose path goes through a primitive', () => {
      expect(pickFields(video, 'uri,name.first')).toEqual({ uri: '/videos/1' });
    });
    it('keeps the key as an empty object when the nested key is missing', () => {
      expect(pickFields(video, 'user.missing')).toEqual({ user: {} });
    });
  });

  describe('given an array of items', () => {
    it('applies the fields to each item', () => {
      expect(pickFields([video, { ...video, uri: '/videos/2' }], 'uri')).toEqual([
        { uri: '/videos/1' },
        { uri: '/videos/2' },
      ]);
    });
  });

  describe('given a hostile key', () => {
    it('keeps __proto__ as plain data without touching the prototype', () => {
      const parsed = JSON.parse('{"__proto__": {"polluted": true}, "uri": "/videos/1"}') as Record<
        string,
        unknown
      >;
      const picked = pickFields(parsed, '__proto__,uri') as Record<string, unknown>;
      expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
      expect(Object.keys(picked)).toEqual(['__proto__', 'uri']);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });
  });

  it('does not modify its input', () => {
    const copy = structuredClone(video);
    pickFields(video, 'pictures.sizes.link');
    expect(video).toEqual(copy);
  });
});
