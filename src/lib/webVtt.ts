/**
 * WebVTT caption files (the format of HTML <track>): cues in, a file out. Pure, so the
 * timing and escaping rules are tested apart from any storage.
 */

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

/** 75.5 → '00:01:15.500'. */
export function vttTimestamp(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}`;
}

/** Cue text may not contain '-->' or raw '<' and '&' (they would start markup or end the cue). */
function cueText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('-->', '→')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .join('\n');
}

export function webVtt(cues: readonly Cue[]): string {
  const blocks = cues
    .filter((cue) => cue.end > cue.start && cueText(cue.text) !== '')
    .map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cueText(cue.text)}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/**
 * Cues that show `lines` one after another, `seconds` each, within `duration`; lines that
 * would start past the end are left out and the last cue ends with the video.
 */
export function sequentialCues(lines: readonly string[], duration: number, seconds = 4): Cue[] {
  const cues: Cue[] = [];
  for (const [i, text] of lines.entries()) {
    const start = i * seconds;
    if (start >= duration) break;
    cues.push({ start, end: Math.min(start + seconds, duration), text });
  }
  return cues;
}
