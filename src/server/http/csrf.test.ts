import { describe, expect, it } from 'vitest';
import { readSubmittedToken, tokensMatch } from './csrf.ts';

const LIMIT = 1024;

/**
 * A body of `first`, then `chunks` pieces of `size` bytes, that counts how many bytes were
 * pulled from it. A request pulls the first piece as it is made.
 */
function countedBody(first: string, chunks: number, size: number) {
  const counter = { pulled: 0 };
  let sent = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = sent === 0 ? encoder.encode(first) : new Uint8Array(size).fill(32);
      sent += 1;
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
      if (sent > chunks) controller.close();
    },
  });
  return { body, counter };
}

function post(body: BodyInit, headers: Record<string, string>): Request {
  return new Request('http://localhost/settings', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);
}

describe('readSubmittedToken', () => {
  it('takes the X-XSRF-Token header first, without reading the body', async () => {
    const { body, counter } = countedBody('{"token":"b"}', 10, 1024);
    const request = post(body, { 'content-type': 'application/json', 'x-xsrf-token': 'a' });
    expect(await readSubmittedToken(request, LIMIT)).toBe('a');
    expect(counter.pulled).toBe('{"token":"b"}'.length);
  });

  it('reads the token of a form or a JSON document within the limit', async () => {
    expect(
      await readSubmittedToken(
        post('token=abc&name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
        LIMIT,
      ),
    ).toBe('abc');
    expect(
      await readSubmittedToken(
        post('{"token":"abc"}', { 'content-type': 'application/json' }),
        LIMIT,
      ),
    ).toBe('abc');
  });

  it('leaves a body declared larger than the limit unread', async () => {
    const { body, counter } = countedBody('{"token":"abc","pad":"', 100, 1024);
    const request = post(body, {
      'content-type': 'application/json',
      'content-length': String(100 * 1024),
    });
    expect(await readSubmittedToken(request, LIMIT)).toBeUndefined();
    expect(counter.pulled).toBe('{"token":"abc","pad":"'.length);
  });

  it('stops reading a streamed body once it passes the limit', async () => {
    const { body, counter } = countedBody('{"token":"abc","pad":"', 200 * 1024, 1024);
    const request = post(body, { 'content-type': 'application/json' });
    expect(await readSubmittedToken(request, LIMIT)).toBeUndefined();
    // What a stream reads ahead of its reader: a few chunks, not the 200 MB behind them.
    expect(counter.pulled).toBeLessThan(16 * 1024);
  });

  it('finds no token in a body that is not a form or JSON, and reads none of it', async () => {
    const { body, counter } = countedBody('token=abc', 10, 1024);
    const request = post(body, { 'content-type': 'application/offset+octet-stream' });
    expect(await readSubmittedToken(request, LIMIT)).toBeUndefined();
    expect(counter.pulled).toBe('token=abc'.length);
  });
});

describe('tokensMatch', () => {
  it('matches equal tokens only', () => {
    expect(tokensMatch('abc', 'abc')).toBe(true);
    expect(tokensMatch('abc', 'abd')).toBe(false);
    expect(tokensMatch(undefined, 'abc')).toBe(false);
  });
});
