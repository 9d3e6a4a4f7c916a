/**
 * One gzip stream made of parts compressed apart, so a page joined from kept parts (a shared
 * body and a viewer's piece, src/lib/sharedBody.ts) is sent compressed without compressing it
 * again. Each part is a run of deflate blocks ending on a full flush: byte-aligned, not final,
 * and referring to nothing before it, so runs follow one another as one deflate stream. A short
 * value goes in as a stored block, which costs no compressor. The trailer's CRC-32 is combined
 * from the parts' own, without reading their bytes again (RFC 1952; the combination is the
 * CRC's polynomial arithmetic: crc(A‖B) = crc(A)·x^(8·|B|) + crc(B) mod P).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface GzipPart {
  /** Deflate blocks, the last ending on a full flush. */
  deflated: Buffer;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Uncompressed length. */
  length: number;
}

/** `bytes` compressed on their own, at `level`. */
export function compressedPart(bytes: Uint8Array, level = constants.Z_BEST_COMPRESSION): GzipPart {
  return {
    deflated: deflateRawSync(bytes, { level, finishFlush: constants.Z_FULL_FLUSH }),
    crc: crc32(bytes),
    length: bytes.byteLength,
  };
}

const STORED_MAX = 0xffff;

/** `bytes` as stored blocks, uncompressed: for values a few dozen bytes long. */
export function storedPart(bytes: Uint8Array): GzipPart {
  const blocks: Buffer[] = [];
  let at = 0;
  do {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its one's complement.
    head.writeUInt16LE(chunk.byteLength, 1);
    head.writeUInt16LE(~chunk.byteLength & 0xffff, 3);
    blocks.push(head, Buffer.from(chunk));
    at += STORED_MAX;
  } while (at < bytes.byteLength);
  return { deflated: Buffer.concat(blocks), crc: crc32(bytes), length: bytes.byteLength };
}

// gzip's header: deflate, no name or time, from an unknown system (RFC 1952 §2.3).
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block with fixed codes: the stream's end.
const LAST_BLOCK = Buffer.from([3, 0]);

/** The parts, in order, as one gzip member. */
export function joinGzip(parts: readonly GzipPart[]): Buffer<ArrayBuffer> {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = combineCrc(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...parts.map((part) => part.deflated), LAST_BLOCK, trailer]);
}

// CRC-32 arithmetic in GF(2)[x] modulo its polynomial, bits reflected as the CRC keeps them.
const POLYNOMIAL = 0xedb88320;
const X0 = 0x80000000;

/** a·b mod P. */
function multiply(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = X0; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod P for k = 0…31, each the square of the one before. */
const POWERS_OF_TWO: number[] = [X0 >>> 1];
for (let k = 1; k < 32; k++)
  POWERS_OF_TWO.push(multiply(POWERS_OF_TWO[k - 1]!, POWERS_OF_TWO[k - 1]!));

/** x^(8·bytes) mod P. */
function shiftFor(bytes: number): number {
  let power = X0;
  let bits = bytes * 8;
  for (let k = 0; bits > 0; k++, bits = Math.floor(bits / 2))
    if (bits % 2 === 1) power = multiply(POWERS_OF_TWO[k % 32]!, power);
  return power;
}

/** The CRC-32 of A followed by B, from A's CRC, B's and B's length. */
export function combineCrc(crcA: number, crcB: number, lengthB: number): number {
  return (multiply(shiftFor(lengthB), crcA) ^ crcB) >>> 0;
}
