import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combineCrc, compressedPart, joinGzip, storedPart } from './gzipJoin.ts';

const text = (n: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => `<li>Vidéo ${i} · 動画</li>`).join(''));

describe('joinGzip', () => {
  it('makes one gzip stream of parts compressed apart, which any gunzip reads whole', () => {
    const head = text(3_000);
    const piece = Buffer.from('<header>Olivia Okafor</header>');
    const token = Buffer.from('csrf-7f3a9c');
    const rest = text(500);
    const joined = joinGzip([
      compressedPart(head),
      compressedPart(piece, 6),
      storedPart(token),
      compressedPart(rest),
    ]);
    expect(gunzipSync(joined)).toEqual(Buffer.concat([head, piece, token, rest]));
    expect(joined.length).toBeLessThan(head.length / 5);
  });

  it('takes empty parts and a stored part longer than one block', () => {
    const long = text(4_000);
    expect(long.length).toBeGreaterThan(0xffff);
    const joined = joinGzip([
      storedPart(Buffer.alloc(0)),
      storedPart(long),
      compressedPart(Buffer.alloc(0)),
    ]);
    expect(gunzipSync(joined)).toEqual(long);
  });
});

describe('combineCrc', () => {
  it('gives the CRC-32 of two runs one after the other', () => {
    for (const [a, b] of [
      [text(10), text(20)],
      [Buffer.alloc(0), text(3)],
      [text(3), Buffer.alloc(0)],
      [text(5_000), Buffer.from('x')],
    ] as const)
      expect(combineCrc(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  });
});
