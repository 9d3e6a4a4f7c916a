/**
 * The player frame's side of the player API (src/lib/playerApi.ts): it answers the page that
 * frames it, and only that page (at the origin the browser names as its parent, which the
 * showcase's embed domains already limit), and tells it what the video does once it asked.
 * A page of another site heard the frame was ready when it loaded (frameReady.ts); the showcase
 * embed around it, of the same site, hears it once this behaviour is in.
 */
import {
  answerCall,
  readApiCall,
  timing,
  type ApiEvent,
  type PlayerFacts,
} from '../lib/playerApi.ts';
import { ATTACH_EVENTS, parentOrigin, type FrameWindow } from '../lib/playerMessages.ts';

/** timeupdate at most four times a second, as Vimeo's player sends it. */
const TIMEUPDATE_INTERVAL_MS = 250;

const MEDIA_EVENTS: Record<string, string> = {
  play: 'play',
  playing: 'playing',
  pause: 'pause',
  ended: 'ended',
  timeupdate: 'timeupdate',
  progress: 'progress',
  seeking: 'seeking',
  seeked: 'seeked',
  volumechange: 'volumechange',
  durationchange: 'durationchange',
  loadedmetadata: 'loaded',
};

export function servePlayerApi(
  win: FrameWindow & { location: { origin: string } },
  media: HTMLVideoElement,
  facts: PlayerFacts,
): void {
  const origin = parentOrigin(win);
  if (origin === null || win.parent === (win as unknown)) return;
  const listening = new Set<string>();
  const post = (message: unknown) => win.parent.postMessage(message, origin);
  let lastTimeUpdate = Number.NEGATIVE_INFINITY;

  win.addEventListener('message', (event) => {
    if (event.source !== (win.parent as unknown) || event.origin !== origin) return;
    const call = readApiCall(event.data);
    // attach-events belongs to the site's own pages (src/lib/playerMessages.ts).
    if (!call || call.method === ATTACH_EVENTS) return;
    void answerCall(media, facts, call, listening).then(post);
  });

  for (const [type, name] of Object.entries(MEDIA_EVENTS)) {
    media.addEventListener(type, () => {
      if (!listening.has(name)) return;
      if (name === 'timeupdate') {
        if (performance.now() - lastTimeUpdate < TIMEUPDATE_INTERVAL_MS) return;
        lastTimeUpdate = performance.now();
      }
      const data =
        name === 'loaded'
          ? { id: facts.videoId }
          : name === 'volumechange'
            ? { volume: media.volume, muted: media.muted }
            : timing(media);
      post({ event: name, data } satisfies ApiEvent);
    });
  }
  if (origin === win.location.origin) post({ event: 'ready' } satisfies ApiEvent);
}
