import { describe, expect, it } from 'vitest';
import { sequentialCues, vttTimestamp, webVtt } from './webVtt.ts';

describe('vttTimestamp', () => {
  it('writes hours, minutes, seconds and milliseconds', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(75.5)).toBe('00:01:15.500');
    expect(vttTimestamp(3725.0004)).toBe('01:02:05.000');
  });
});

describe('webVtt', () => {
  it('starts with the signature and separates cues by a blank line', () => {
    expect(
      webVtt([
        { start: 0, end: 2, text: 'Hello' },
        { start: 2, end: 4.25, text: 'World' },
      ]),
    ).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n\n00:00:02.000 --> 00:00:04.250\nWorld\n',
    );
  });

  it('escapes markup and never lets text end a cue early', () => {
    expect(webVtt([{ start: 0, end: 1, text: 'a <b> & c --> d\n\nnext' }])).toContain(
      'a &lt;b> &amp; c → d\nnext',
    );
  });

  it('leaves out empty and backwards cues', () => {
    expect(
      webVtt([
        { start: 1, end: 1, text: 'x' },
        { start: 0, end: 1, text: '  ' },
      ]),
    ).toBe('WEBVTT\n\n\n');
  });
});

describe('sequentialCues', () => {
  it('shows each line for a few seconds and stops at the end of the video', () => {
    expect(sequentialCues(['one', 'two', 'three'], 6)).toEqual([
      { start: 0, end: 4, text: 'one' },
      { start: 4, end: 6, text: 'two' },
    ]);
  });
});
