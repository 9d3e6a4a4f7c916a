import { describe, expect, it } from 'vitest';
import {
  checkSimulcast,
  failuresAfter,
  isRtmpUrl,
  publishUrl,
  relayError,
  retryDelay,
  STEADY_MS,
} from './simulcast.ts';

const input = {
  name: 'YouTube',
  url: 'rtmp://a.rtmp.youtube.com/live2',
  key: 'abcd',
  enabled: true,
};

describe('checkSimulcast', () => {
  it('takes an RTMP or RTMPS destination with a key', () => {
    expect(checkSimulcast(input, true)).toEqual({});
    expect(checkSimulcast({ ...input, url: 'rtmps://live.twitch.tv/app' }, true)).toEqual({});
  });

  it('refuses any other scheme', () => {
    for (const url of [
      'http://example.com/live',
      'file:///etc/passwd',
      'srt://x:1',
      '-y',
      'rtmp://',
    ])
      expect(checkSimulcast({ ...input, url }, true).url).toBe('urlScheme');
  });

  it('needs a name and an address', () => {
    expect(checkSimulcast({ ...input, name: ' ', url: '' }, true)).toEqual({
      name: 'nameRequired',
      url: 'urlRequired',
    });
  });

  it('needs a key when new, keeps the saved one on an edit left empty', () => {
    expect(checkSimulcast({ ...input, key: '' }, true)).toEqual({ key: 'keyRequired' });
    expect(checkSimulcast({ ...input, key: '' }, false)).toEqual({});
  });

  it('refuses what is too long', () => {
    expect(checkSimulcast({ ...input, name: 'n'.repeat(81) }, true).name).toBe('nameTooLong');
    expect(checkSimulcast({ ...input, key: 'k'.repeat(501) }, true).key).toBe('keyTooLong');
  });
});

describe('isRtmpUrl', () => {
  it('needs a host', () => {
    expect(isRtmpUrl('rtmp://127.0.0.1:1935/live')).toBe(true);
    expect(isRtmpUrl('rtmp:live')).toBe(false);
  });
});

describe('publishUrl', () => {
  it('joins the server and the key as OBS does', () => {
    expect(publishUrl('rtmp://h/live/', ' key ')).toBe('rtmp://h/live/key');
    expect(publishUrl('rtmp://h/live', 'k?backup=1')).toBe('rtmp://h/live/k?backup=1');
  });
});

describe('retryDelay', () => {
  it('doubles from 2 s up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('failuresAfter', () => {
  it('counts failures in a row, and starts over after a steady run', () => {
    expect(failuresAfter(3, 1_000)).toBe(4);
    expect(failuresAfter(3, STEADY_MS)).toBe(1);
  });
});

describe('relayError', () => {
  it('shows the last line, never the key', () => {
    expect(relayError('a\nrtmp://h/live/secret123: I/O error\n\n', 'secret123')).toBe(
      'rtmp://h/live/••••: I/O error',
    );
    expect(relayError('', 'k')).toBe('the relay stopped');
  });
});
