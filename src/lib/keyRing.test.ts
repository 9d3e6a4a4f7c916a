import { describe, expect, it } from 'vitest';
import { keyRing, verdictWithAny, type SecretGeneration } from './keyRing.ts';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const key = (name: string) => Buffer.from(name);
const generation = (n: number, activeFrom: string): SecretGeneration => ({
  generation: n,
  value: key(`key ${n}`),
  activeFrom: at(activeFrom),
});
const names = (keys: readonly Buffer[] | undefined) => keys?.map((value) => value.toString());

describe('keyRing', () => {
  const first = generation(1, '2026-01-01T00:00:00Z');
  const second = generation(2, '2026-03-01T00:02:00Z');

  it('signs with the one generation there is', () => {
    const ring = keyRing([first], at('2026-02-01T00:00:00Z'), 7 * DAY);
    expect(ring?.signing.toString()).toBe('key 1');
    expect(names(ring?.accepted)).toEqual(['key 1']);
  });

  it('accepts a rotation’s new key before it signs with it, and keeps signing with the old', () => {
    const ring = keyRing([first, second], at('2026-03-01T00:01:00Z'), 7 * DAY);
    expect(ring?.signing.toString()).toBe('key 1');
    expect(names(ring?.accepted)).toEqual(['key 1', 'key 2']);
  });

  it('signs with the new key once it is active and accepts the old one through the overlap', () => {
    const ring = keyRing([second, first], at('2026-03-05T00:00:00Z'), 7 * DAY);
    expect(ring?.signing.toString()).toBe('key 2');
    expect(names(ring?.accepted)).toEqual(['key 2', 'key 1']);
  });

  it('drops the old key once the overlap has passed', () => {
    const ring = keyRing([first, second], at('2026-03-08T00:02:01Z'), 7 * DAY);
    expect(names(ring?.accepted)).toEqual(['key 2']);
  });

  it('accepts each replaced generation through its own overlap', () => {
    const third = generation(3, '2026-03-02T00:00:00Z');
    const rotations = [first, second, third];
    expect(names(keyRing(rotations, at('2026-03-03T00:00:00Z'), 7 * DAY)?.accepted)).toEqual([
      'key 3',
      'key 2',
      'key 1',
    ]);
    expect(names(keyRing(rotations, at('2026-03-08T12:00:00Z'), 7 * DAY)?.accepted)).toEqual([
      'key 3',
      'key 2',
    ]);
  });

  it('has nothing to sign with before any generation is active', () => {
    expect(keyRing([second], at('2026-03-01T00:00:00Z'), 7 * DAY)).toBeNull();
    expect(keyRing([], at('2026-03-01T00:00:00Z'), 7 * DAY)).toBeNull();
  });
});

describe('verdictWithAny', () => {
  it('gives the verdict of the key that made the signature, else invalid', () => {
    const verify = (signedWith: string) => (k: Buffer) =>
      k.toString() === signedWith ? ('expired' as const) : ('invalid' as const);
    expect(verdictWithAny([key('new'), key('old')], verify('old'))).toBe('expired');
    expect(verdictWithAny([key('new'), key('old')], verify('other'))).toBe('invalid');
  });
});
