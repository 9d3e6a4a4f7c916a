/**
 * The player frame's side of the player API (src/lib/playerApi.ts): it answers the page that
 * frames it, and only that page (at the origin the browser names as its parent, which the
 * showcase's embed domains already limit), and tells it what the video does once it asked.
 * A page of another site heard the frame was ready when it loaded (frameReady.ts); the showcase
 * embed around it, of the same site, hears it once this behaviour is in.
 */
import { readApiCall, type ApiEvent } from '../lib/playerApi.ts';
import { answerCall, timing, type PlayerFacts } from '../lib/playerApiAnswers.ts';
import type { CuePoints } from '../lib/playerCuePoints.ts';
import { currentQuality, type QualityLadder } from '../lib/playerQualities.ts';
import { activeTextTrack, chapterAt, listChapters } from '../lib/playerTracks.ts';
import { ATTACH_EVENTS, parentOrigin, type FrameWindow } from '../lib/playerMessages.ts';
import { frameControls } from './frameControls.ts';

/** timeupdate at most four times a second, as Vimeo's player sends it. */
const TIMEUPDATE_INTERVAL_MS = 250;

/** The media's events the page hears under Vimeo's names, with the data Vimeo gives each. */
function mediaEvents(
  media: HTMLVideoElement,
  facts: PlayerFacts,
): [string, string, () => unknown][] {
  const at = () => timing(media);
  return [
    ['play', 'play', at],
    ['playing', 'playing', at],
    ['pause', 'pause', at],
    ['ended', 'ended', at],
    ['progress', 'progress', at],
    ['seeking', 'seeking', at],
    ['seeked', 'seeked', at],
    ['durationchange', 'durationchange', at],
    ['volumechange', 'volumechange', () => ({ volume: media.volume, muted: media.muted })],
    ['ratechange', 'playbackratechange', () => ({ playbackRate: media.playbackRate })],
    ['loadedmetadata', 'loaded', () => ({ id: facts.videoId })],
    ['resize', 'resize', () => ({ videoWidth: media.videoWidth, videoHeight: media.videoHeight })],
    ['enterpictureinpicture', 'enterpictureinpicture', () => undefined],
    ['leavepictureinpicture', 'leavepictureinpicture', () => undefined],
    [
      'error',
      'error',
      () => ({
        name: 'MediaError',
        message: media.error?.message || 'The video could not be played.',
      }),
    ],
  ];
}

/** Vimeo's buffering events: from loading, waiting or seeking until the media can go on. */
const BUFFER_STARTS = ['loadstart', 'waiting', 'seeking'];
const BUFFER_ENDS = ['canplay', 'playing', 'seeked'];

export interface FrameSettings {
  autopause: { on: boolean } | null;
  ladder(): QualityLadder | null;
}

export function servePlayerApi(
  win: FrameWindow & { location: { origin: string }; document: Document },
  media: HTMLVideoElement,
  facts: PlayerFacts,
  settings: FrameSettings,
): void {
  const origin = parentOrigin(win);
  if (origin === null || win.parent === (win as unknown)) return;
  const listening = new Set<string>();
  const post = (message: unknown) => win.parent.postMessage(message, origin);
  const emit = (event: string, data?: unknown) => {
    if (listening.has(event)) post({ event, data } satisfies ApiEvent);
  };
  const controls = frameControls({
    document: win.document,
    media,
    ...settings,
    onFullscreen: (fullscreen) => emit('fullscreenchange', { fullscreen }),
  });
  const player = { media, facts, controls };

  win.addEventListener('message', (event) => {
    if (event.source !== (win.parent as unknown) || event.origin !== origin) return;
    const call = readApiCall(event.data);
    // attach-events belongs to the site's own pages (src/lib/playerMessages.ts).
    if (!call || call.method === ATTACH_EVENTS) return;
    const quality = currentQuality(controls.ladder());
    void answerCall(player, call, listening).then((reply) => {
      post(reply);
      if (call.method === 'setQuality' && 'value' in reply && reply.value !== quality)
        emit('qualitychange', { quality: reply.value });
    });
  });

  for (const [type, name, data] of mediaEvents(media, facts))
    media.addEventListener(type, () => emit(name, data()));
  let buffering = false;
  const buffer = (starts: boolean) => () => {
    if (buffering === starts) return;
    buffering = starts;
    emit(starts ? 'bufferstart' : 'bufferend');
  };
  for (const type of BUFFER_STARTS) media.addEventListener(type, buffer(true));
  for (const type of BUFFER_ENDS) media.addEventListener(type, buffer(false));
  followTime(media, controls.cuePoints, emit);
  followTextTracks(media, emit);
  for (const type of ['connecting', 'connect', 'disconnect'])
    media.remote?.addEventListener(type, () => emit(`remoteplayback${type}`));
  if (origin === win.location.origin) post({ event: 'ready' } satisfies ApiEvent);
}

/** timeupdate, and what passing time crosses: cue points and chapters. */
function followTime(
  media: HTMLVideoElement,
  cuePoints: CuePoints,
  emit: (event: string, data?: unknown) => void,
): void {
  let lastUpdate = Number.NEGATIVE_INFINITY;
  let lastTime = media.currentTime;
  let chapter: number | undefined;
  media.addEventListener('seeking', () => (lastTime = media.currentTime));
  media.addEventListener('timeupdate', () => {
    for (const point of cuePoints.crossed(lastTime, media.currentTime)) emit('cuepoint', point);
    lastTime = media.currentTime;
    const now = chapterAt(listChapters(media.textTracks), media.currentTime);
    if (now && now.index !== chapter) emit('chapterchange', now);
    chapter = now?.index;
    if (performance.now() - lastUpdate < TIMEUPDATE_INTERVAL_MS) return;
    lastUpdate = performance.now();
    emit('timeupdate', timing(media));
  });
}

/** texttrackchange when the captions turned on change, cuechange as their cues do. */
function followTextTracks(media: HTMLVideoElement, emit: (event: string, data?: unknown) => void) {
  const tracks = Array.from(media.textTracks);
  // A chapters track loads its cues only once it is on; hidden, it is not drawn.
  for (const track of tracks) if (track.kind === 'chapters') track.mode = 'hidden';
  let active = JSON.stringify(activeTextTrack(tracks));
  media.textTracks.addEventListener('change', () => {
    const now = activeTextTrack(media.textTracks);
    if (JSON.stringify(now) === active) return;
    active = JSON.stringify(now);
    emit('texttrackchange', now);
  });
  const html = media.ownerDocument.createElement('div');
  for (const track of tracks) {
    if (track.kind !== 'captions' && track.kind !== 'subtitles') continue;
    track.addEventListener('cuechange', () => {
      const cues = Array.from(track.activeCues ?? [], (cue) => {
        html.replaceChildren(cue instanceof VTTCue ? cue.getCueAsHTML() : '');
        return { html: html.innerHTML, text: cue instanceof VTTCue ? cue.text : '' };
      });
      emit('cuechange', { cues, kind: track.kind, label: track.label, language: track.language });
    });
  }
}
