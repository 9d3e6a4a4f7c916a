import { describe, expect, it } from 'vitest';
import { canonicalPageTarget, isTrackingParam } from './pageQuery.ts';

describe('canonicalPageTarget', () => {
  it('leaves an address with nothing to drop as it was, encoding included', () => {
    expect(canonicalPageTarget('/showcase/1?page=2&sh=a%2Db')).toBe('/showcase/1?page=2&sh=a%2Db');
    expect(canonicalPageTarget('/showcase/1')).toBe('/showcase/1');
  });

  it('drops campaign and click markers from any page', () => {
    expect(canonicalPageTarget('/showcase/1?utm_source=x&page=2&fbclid=abc')).toBe(
      '/showcase/1?page=2',
    );
    expect(
      canonicalPageTarget('/showcase/1?UTM_Medium=social&gclid=1&msclkid=2&mc_eid=3&ref=hn'),
    ).toBe('/showcase/1');
    expect(canonicalPageTarget('/password_reset?token=t&utm_campaign=c')).toBe(
      '/password_reset?token=t',
    );
  });

  it('drops what a public page does not read, in every locale', () => {
    expect(canonicalPageTarget('/showcase/1?x=1&page=3&nonce=9')).toBe('/showcase/1?page=3');
    expect(canonicalPageTarget('/ja-JP/showcase/1/video/7?random=1&autoplay=1')).toBe(
      '/ja-JP/showcase/1/video/7?autoplay=1',
    );
    expect(canonicalPageTarget('/?anything=1')).toBe('/');
    expect(canonicalPageTarget('/stock?cb=123')).toBe('/stock');
  });

  it('keeps every parameter a public page reads', () => {
    const showcase =
      '/showcase/1?page=2&video=5&sh=abc&app=showcase&offsite=redirect&referrer=example.com' +
      '&is_embed=1&hash=h&autoplay=1&preview=true&added=account&stock_clip=3&stock_error=e';
    expect(canonicalPageTarget(showcase)).toBe(showcase);
    expect(canonicalPageTarget('/showcase/1/search?q=harbour&page=2')).toBe(
      '/showcase/1/search?q=harbour&page=2',
    );
    expect(
      canonicalPageTarget('/stock/search?page=2&filter_user=%2Fuser%2F3&via=stock-creator-albums'),
    ).toBe('/stock/search?page=2&filter_user=%2Fuser%2F3&via=stock-creator-albums');
    expect(canonicalPageTarget('/42?added=account&stock_clip=42')).toBe(
      '/42?added=account&stock_clip=42',
    );
  });

  it('keeps the whole query of pages outside the public ones, but for tracking markers', () => {
    expect(canonicalPageTarget('/log_in?redirect=%2Fmanage&reset=1')).toBe(
      '/log_in?redirect=%2Fmanage&reset=1',
    );
    expect(canonicalPageTarget('/showcase/1/embed?hash=h&autopause=0&page=2')).toBe(
      '/showcase/1/embed?hash=h&autopause=0&page=2',
    );
    expect(canonicalPageTarget('/auth0/callback?code=c&state=s&utm_source=x')).toBe(
      '/auth0/callback?code=c&state=s',
    );
  });
});

describe('isTrackingParam', () => {
  it('names campaign parameters by their prefix, whatever their case', () => {
    expect(isTrackingParam('utm_content')).toBe(true);
    expect(isTrackingParam('Utm_Term')).toBe(true);
    expect(isTrackingParam('page')).toBe(false);
    expect(isTrackingParam('referrer')).toBe(false);
  });
});
