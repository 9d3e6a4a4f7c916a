/**
 * The player frame's text tracks as Vimeo's player.js describes them: the captions and
 * subtitles a page may list and turn on (one at a time), and the chapters of a track of kind
 * `chapters`. Read from the <track> elements of the frame's video; pure, so a test passes
 * plain objects.
 */

interface CueLike {
  readonly startTime: number;
  readonly endTime: number;
  /** WebVTT cues carry their text; other cue kinds have none. */
  readonly text?: string;
}

export interface TextTrackLike {
  readonly kind: string;
  readonly label: string;
  readonly language: string;
  mode: 'disabled' | 'hidden' | 'showing';
  readonly cues: ArrayLike<CueLike> | null;
}

export interface TrackInfo {
  label: string;
  language: string;
  kind: string;
}

export interface Chapter {
  startTime: number;
  title: string;
  /** Its place among the chapters, from 1. */
  index: number;
}

/** Vimeo's API knows captions and subtitles; chapters and metadata tracks are not for reading. */
const READABLE_KINDS = new Set(['captions', 'subtitles']);

const readable = (tracks: ArrayLike<TextTrackLike>): TextTrackLike[] =>
  Array.from(tracks).filter((track) => READABLE_KINDS.has(track.kind));

const info = ({ label, language, kind }: TextTrackLike): TrackInfo => ({ label, language, kind });

export function listTextTracks(tracks: ArrayLike<TextTrackLike>): (TrackInfo & { mode: string })[] {
  return readable(tracks).map((track) => ({ ...info(track), mode: track.mode }));
}

/** The track showing (or hidden but on, for its cue changes), as texttrackchange reports it. */
export function activeTextTrack(
  tracks: ArrayLike<TextTrackLike>,
): TrackInfo | { label: null; language: null; kind: null } {
  const active = readable(tracks).find((track) => track.mode !== 'disabled');
  return active ? info(active) : { label: null, language: null, kind: null };
}

class TrackError extends Error {
  constructor(name: 'InvalidTrackLanguageError' | 'InvalidTrackError', message: string) {
    super(message);
    this.name = name;
  }
}

/**
 * Turns on the track of that language (and kind, when given), every other off. `showing`
 * false keeps it hidden: its cues still change, the frame does not draw them.
 */
export function enableTextTrack(
  tracks: ArrayLike<TextTrackLike>,
  language: string,
  kind: string | null,
  showing: boolean,
): TrackInfo {
  const inLanguage = readable(tracks).filter((track) => track.language === language);
  if (inLanguage.length === 0)
    throw new TrackError(
      'InvalidTrackLanguageError',
      'No track was available with the specified language.',
    );
  const chosen = kind ? inLanguage.find((track) => track.kind === kind) : inLanguage[0];
  if (!chosen)
    throw new TrackError(
      'InvalidTrackError',
      'No track was available with the specified language and kind.',
    );
  for (const track of readable(tracks)) {
    if (track !== chosen) track.mode = 'disabled';
  }
  chosen.mode = showing ? 'showing' : 'hidden';
  return info(chosen);
}

export function disableTextTracks(tracks: ArrayLike<TextTrackLike>): void {
  for (const track of readable(tracks)) track.mode = 'disabled';
}

/** The chapters of the first chapters track whose cues are in; none without one. */
export function listChapters(tracks: ArrayLike<TextTrackLike>): Chapter[] {
  const track = Array.from(tracks).find((candidate) => candidate.kind === 'chapters');
  return Array.from(track?.cues ?? [])
    .sort((a, b) => a.startTime - b.startTime)
    .map((cue, position) => ({
      startTime: cue.startTime,
      title: cue.text ?? '',
      index: position + 1,
    }));
}

/** The chapter that began last at or before `seconds`. */
export function chapterAt(chapters: readonly Chapter[], seconds: number): Chapter | undefined {
  return chapters.findLast((chapter) => chapter.startTime <= seconds);
}
