import { describe, expect, it } from 'vitest';
import {
  deliveryFigures,
  metricSample,
  sseReader,
  type ReceivedFrame,
} from './chatBenchFigures.ts';

function read(chunks: string[]): ReceivedFrame[] {
  const frames: ReceivedFrame[] = [];
  const push = sseReader((frame) => frames.push(frame));
  for (const chunk of chunks) push(chunk);
  return frames;
}

describe('reading a chat stream', () => {
  it('gives each frame its event, id and data, past the retry line and the pings', () => {
    const stream =
      'retry: 3000\n\nevent: message\nid: 7\ndata: {"id":7}\n\n: ping\n\nevent: state\ndata: {"chatEnabled":true}\n\n';
    expect(read([stream])).toEqual([
      { event: 'message', id: '7', data: '{"id":7}' },
      { event: 'state', id: null, data: '{"chatEnabled":true}' },
    ]);
  });

  it('joins a frame cut across chunks, anywhere, even between "\\r" and "\\n"', () => {
    const stream =
      'event: message\r\nid: 8\r\ndata: {"body":"héllo"}\r\n\r\nevent: deleted\r\ndata: {"ids":[8]}\r\n\r\n';
    const whole = read([stream]);
    for (let cut = 1; cut < stream.length; cut++)
      expect(read([stream.slice(0, cut), stream.slice(cut)])).toEqual(whole);
    expect(whole).toHaveLength(2);
  });

  it('joins the data lines of one frame with newlines, and takes "message" when no event is named', () => {
    expect(read(['data: a\ndata: b\n\n'])).toEqual([{ event: 'message', id: null, data: 'a\nb' }]);
  });
});

describe('reading /metrics', () => {
  const text = [
    '# HELP vitrine_chat_connections Live chat streams.',
    '# TYPE vitrine_chat_connections gauge',
    'vitrine_chat_connections 500',
    'process_resident_memory_bytes 123456789',
    'vitrine_chat_connections_other 3',
    '',
  ].join('\n');

  it('reads a sample by its exact name', () => {
    expect(metricSample(text, 'vitrine_chat_connections')).toBe(500);
    expect(metricSample(text, 'process_resident_memory_bytes')).toBe(123_456_789);
  });

  it('answers null for a metric the server does not expose', () => {
    expect(metricSample(text, 'nodejs_heap_size_used_bytes')).toBeNull();
  });
});

describe('what the readers received', () => {
  const sent = new Map([
    [1, 1_000],
    [2, 2_000],
  ]);

  it('measures each first delivery from its post, every reader alike', () => {
    const figures = deliveryFigures(sent, [
      new Map([
        [1, [1_010]],
        [2, [2_020]],
      ]),
      new Map([
        [1, [1_030]],
        [2, [2_040]],
      ]),
    ]);
    expect(figures).toEqual({
      posted: 2,
      readers: 2,
      expected: 4,
      lost: 0,
      doubled: 0,
      latencyMs: { p50: 20, p95: 40, p99: 40, max: 40 },
    });
  });

  it('counts a message a reader never got as lost, and one it got twice as doubled', () => {
    const figures = deliveryFigures(sent, [
      new Map([[1, [1_010, 1_500]]]),
      new Map([[2, [2_005]]]),
    ]);
    expect(figures).toMatchObject({ expected: 4, lost: 2, doubled: 1, latencyMs: { max: 10 } });
  });
});
