import { describe, expect, it } from 'vitest';
import { acceptsTusBody, leavesDiskMargin, mediaTypeOf, uploadReach } from './tusRequest.ts';

const GiB = 1024 ** 3;

describe('acceptsTusBody', () => {
  const tus = 'application/offset+octet-stream';

  it('takes an upload’s bytes, whatever the case and parameters of the type', () => {
    expect(acceptsTusBody({ method: 'PATCH', contentType: tus, hasBody: true })).toBe(true);
    expect(
      acceptsTusBody({
        method: 'POST',
        contentType: 'Application/Offset+Octet-Stream; x=1',
        hasBody: true,
      }),
    ).toBe(true);
  });

  it('refuses a form or JSON body sent to the upload endpoint', () => {
    for (const contentType of ['multipart/form-data; boundary=x', 'application/json', null])
      expect(acceptsTusBody({ method: 'POST', contentType, hasBody: true })).toBe(false);
  });

  it('refuses a PATCH of another type even without a body', () => {
    expect(acceptsTusBody({ method: 'PATCH', contentType: 'text/plain', hasBody: false })).toBe(
      false,
    );
  });

  it('lets a bodiless creation carry the type its HTTP client adds by default', () => {
    expect(
      acceptsTusBody({
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        hasBody: false,
      }),
    ).toBe(true);
  });
});

describe('mediaTypeOf', () => {
  it('drops parameters and case', () => {
    expect(mediaTypeOf(' Multipart/Form-Data; boundary=abc')).toBe('multipart/form-data');
    expect(mediaTypeOf(null)).toBe('');
  });
});

describe('uploadReach', () => {
  it('is the declared length of an upload that has one', () => {
    expect(
      uploadReach({ size: 10 * GiB, offset: 2 * GiB, uploadLength: null, contentLength: 8 }),
    ).toEqual({ reach: 10 * GiB, toCome: 8 * GiB });
  });

  it('is the length a PATCH declares for a deferred upload', () => {
    expect(
      uploadReach({ size: undefined, offset: 100, uploadLength: 10 * 1024 ** 4, contentLength: 8 }),
    ).toEqual({ reach: 10 * 1024 ** 4, toCome: 10 * 1024 ** 4 - 100 });
  });

  it('is where this PATCH would end for a deferred upload of unknown length', () => {
    expect(
      uploadReach({ size: undefined, offset: GiB, uploadLength: null, contentLength: GiB }),
    ).toEqual({ reach: 2 * GiB, toCome: GiB });
  });

  it('is what was written for a chunked PATCH of a deferred upload', () => {
    expect(
      uploadReach({ size: undefined, offset: 5, uploadLength: null, contentLength: null }),
    ).toEqual({ reach: 5, toCome: 0 });
  });
});

describe('leavesDiskMargin', () => {
  it('accepts a write that leaves exactly the margin, and refuses one byte more', () => {
    expect(leavesDiskMargin(10 * GiB, 8 * GiB, 2 * GiB)).toBe(true);
    expect(leavesDiskMargin(10 * GiB, 8 * GiB + 1, 2 * GiB)).toBe(false);
  });

  it('refuses even an empty upload on a disk already under the margin', () => {
    expect(leavesDiskMargin(GiB, 0, 2 * GiB)).toBe(false);
  });
});
