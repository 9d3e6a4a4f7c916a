import { describe, expect, it } from 'vitest';
import { createFragmentCache, fragmentKey, isReusableMarkup } from './fragmentCache.ts';

describe('fragmentKey', () => {
  it('differs whenever the name, the locale or any input differs', () => {
    const card = { title: 'Harbour at dawn', href: '/showcase/1/video/7', duration: 42 };
    const key = fragmentKey('video-card', 'en', card);
    expect(fragmentKey('video-card', 'en', { ...card })).toBe(key);
    expect(fragmentKey('video-card', 'fr-FR', card)).not.toBe(key);
    expect(fragmentKey('footer', 'en', card)).not.toBe(key);
    expect(fragmentKey('video-card', 'en', { ...card, title: 'Harbour at dusk' })).not.toBe(key);
    expect(fragmentKey('video-card', 'en', { ...card, href: null })).not.toBe(key);
  });
});

describe('isReusableMarkup', () => {
  it('refuses what Astro emits once per page', () => {
    expect(isReusableMarkup('<li><a href="/v/1">Harbour</a></li>')).toBe(true);
    expect(isReusableMarkup('<p>a</p><script type="module">go()</script>')).toBe(false);
    expect(isReusableMarkup('<astro-island uid="x"></astro-island>')).toBe(false);
    expect(isReusableMarkup('<STYLE>p{}</STYLE>')).toBe(false);
    expect(isReusableMarkup('<link rel="modulepreload" href="/_astro/a.js">')).toBe(false);
  });
});

describe('createFragmentCache', () => {
  it('gives back what it keeps', () => {
    const cache = createFragmentCache(100);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', '<p>A</p>')).toBe(true);
    expect(cache.get('a')).toBe('<p>A</p>');
    cache.set('a', '<p>A again</p>');
    expect(cache.get('a')).toBe('<p>A again</p>');
    expect(cache.size).toBe(1);
  });

  it('does not keep markup with a script or an island', () => {
    const cache = createFragmentCache(100);
    expect(cache.set('s', '<div><script>1</script></div>')).toBe(false);
    expect(cache.get('s')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used fragments when their size passes its bound', () => {
    const cache = createFragmentCache(6);
    cache.set('a', 'A1');
    cache.set('b', 'B1');
    cache.get('a');
    cache.set('c', 'C1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A1');
    expect(cache.get('c')).toBe('C1');
    cache.set('d', 'D1234');
    expect(cache.size).toBe(1);
    expect(cache.get('d')).toBe('D1234');
  });

  it('does not keep a fragment larger than the whole cache', () => {
    const cache = createFragmentCache(6);
    cache.set('a', 'A1');
    expect(cache.set('big', '<p>B</p>')).toBe(false);
    expect(cache.get('a')).toBe('A1');
  });

  it('needs room for at least one character', () => {
    expect(() => createFragmentCache(0)).toThrow(RangeError);
  });
});
