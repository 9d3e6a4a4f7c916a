import { describe, expect, it } from 'vitest';
import { sseComment, sseFrame, sseRetry } from './sseFrame.ts';

/** What a browser's EventSource dispatches for a stream (WHATWG HTML §9.2.6, without retry). */
function dispatched(stream: string): { type: string; lastEventId: string; data: string }[] {
  const out: { type: string; lastEventId: string; data: string }[] = [];
  let type = '';
  let data = '';
  let lastEventId = '';
  for (const line of stream.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data !== '')
        out.push({ type: type || 'message', lastEventId, data: data.replace(/\n$/, '') });
      type = '';
      data = '';
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data += `${value}\n`;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  }
  return out;
}

describe('sseFrame', () => {
  it('writes event, id and JSON data, ended by a blank line', () => {
    expect(sseFrame({ event: 'message', id: '42', data: { id: 42, body: 'hi' } })).toBe(
      'event: message\nid: 42\ndata: {"id":42,"body":"hi"}\n\n',
    );
    expect(sseFrame({ data: [1, 2] })).toBe('data: [1,2]\n\n');
  });

  it('hands the browser back exactly the value, line breaks included', () => {
    const body = 'first line\nsecond\r\nthird\rfourth\u2028fifth';
    const stream =
      sseFrame({ event: 'message', id: '7', data: { body } }) +
      sseFrame({ event: 'deleted', data: { ids: [3] } });
    const events = dispatched(stream);
    expect(events.map((e) => e.type)).toEqual(['message', 'deleted']);
    expect(JSON.parse(events[0]!.data)).toEqual({ body });
    expect(events[0]!.lastEventId).toBe('7');
    expect(JSON.parse(events[1]!.data)).toEqual({ ids: [3] });
  });

  it('refuses an event name or id that would break the frame', () => {
    expect(() => sseFrame({ event: 'message\ndata: forged', data: 1 })).toThrow(/line break/);
    expect(() => sseFrame({ id: '1\r2', data: 1 })).toThrow(/line break/);
    expect(() => sseFrame({ data: undefined })).toThrow(/JSON/);
  });
});

describe('sseComment and sseRetry', () => {
  it('writes comments the browser ignores, whatever their lines', () => {
    expect(sseComment('ping')).toBe(': ping\n\n');
    const stream = sseComment('a\ndata: not an event') + sseFrame({ data: 'real' });
    expect(dispatched(stream).map((e) => e.data)).toEqual(['"real"']);
  });

  it('writes the reconnection delay in whole milliseconds', () => {
    expect(sseRetry(3000)).toBe('retry: 3000\n\n');
    expect(() => sseRetry(2.5)).toThrow();
    expect(() => sseRetry(-1)).toThrow();
  });
});
