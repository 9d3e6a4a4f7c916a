import { describe, expect, it } from 'vitest';
import { isLanguageTag, toWebVtt } from './textTrackFile.ts';

describe('toWebVtt', () => {
  it('keeps a WebVTT file as sent', () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n';
    expect(toWebVtt(vtt, 'a.vtt')).toEqual({ ok: true, vtt });
  });

  it('turns SubRip into WebVTT', () => {
    const srt =
      '1\r\n00:00:01,500 --> 00:00:03,000\r\nHello there\r\n\r\n2\r\n0:00:04,000 --> 0:00:05,250\r\nTwo lines\r\nof text\r\n';
    expect(toWebVtt(srt, 'subs.srt')).toEqual({
      ok: true,
      vtt: 'WEBVTT\n\n00:00:01.500 --> 00:00:03.000\nHello there\n\n00:00:04.000 --> 00:00:05.250\nTwo lines\nof text\n',
    });
  });

  it('refuses files without cues and files of another kind', () => {
    expect(toWebVtt('', 'a.vtt')).toEqual({ ok: false, reason: 'empty' });
    expect(toWebVtt('WEBVTT\n\nno cues here', 'a.vtt')).toEqual({ ok: false, reason: 'empty' });
    expect(toWebVtt('%PDF-1.7 binary', 'doc.pdf')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('isLanguageTag', () => {
  it('takes language tags and nothing else', () => {
    expect(['en', 'pt-BR', 'zh-Hans', 'es-419'].every(isLanguageTag)).toBe(true);
    expect(['', 'english', 'EN', 'en_US', 'x'].some(isLanguageTag)).toBe(false);
  });
});
