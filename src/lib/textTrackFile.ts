/**
 * An uploaded caption file made ready for <track>: WebVTT is kept as sent once it checks out;
 * SubRip (.srt) is turned into WebVTT (the comma before milliseconds becomes a dot, the
 * numbers before cues go). Anything else, or a file without one cue, is refused.
 */
export const TEXT_TRACK_MAX_BYTES = 2 * 1024 * 1024;

export type TrackFileResult = { ok: true; vtt: string } | { ok: false; reason: 'empty' | 'format' };

const SRT_TIME =
  /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})\s*-->\s*(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})(.*)$/;
const VTT_TIME = /^(?:\d{1,2}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d{1,2}:)?\d{2}:\d{2}\.\d{3}/m;

const pad = (value: string, length: number) => value.padStart(length, '0');

function srtToVtt(text: string): string | null {
  const blocks = text
    .split(/\r?\n\r?\n+/)
    .map((block) => block.split(/\r?\n/).filter((line) => line !== ''));
  const cues: string[] = [];
  for (const lines of blocks) {
    const timeIndex = lines.findIndex((line) => SRT_TIME.test(line));
    if (timeIndex === -1) continue;
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = SRT_TIME.exec(lines[timeIndex]!)!;
    const body = lines.slice(timeIndex + 1).join('\n');
    if (body.trim() === '') continue;
    cues.push(`${pad(h1!, 2)}:${m1}:${s1}.${ms1} --> ${pad(h2!, 2)}:${m2}:${s2}.${ms2}\n${body}`);
  }
  return cues.length > 0 ? `WEBVTT\n\n${cues.join('\n\n')}\n` : null;
}

export function toWebVtt(raw: string, fileName: string): TrackFileResult {
  const text = raw.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text))
    return VTT_TIME.test(text) ? { ok: true, vtt: text } : { ok: false, reason: 'empty' };
  if (
    /\.srt$/i.test(fileName) ||
    SRT_TIME.test(text.split(/\r?\n/).find((line) => line.includes('-->')) ?? '')
  ) {
    const vtt = srtToVtt(text);
    return vtt ? { ok: true, vtt } : { ok: false, reason: 'empty' };
  }
  return { ok: false, reason: 'format' };
}

/** A BCP 47 language tag as <track srclang> takes it: 'en', 'pt-BR', 'zh-Hans'. */
export function isLanguageTag(tag: string): boolean {
  return /^[a-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Z]{2}|\d{3}))?$/.test(tag);
}
