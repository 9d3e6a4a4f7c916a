/**
 * A frame that speaks the player API (src/lib/playerApi.ts) tells a page of another site that
 * it takes calls as soon as its document is in, before its behaviour has loaded: the first call
 * wakes the behaviour (src/islands/lazyLoader.ts), which answers it once in. Vimeo's player.js
 * pings once, when the page makes its Player, then waits for this announcement; a ping sent while
 * the frame was still loading reaches nobody. Vitrine's own pages speak
 * src/lib/playerMessages.ts and are not told, so their frames do not wake their behaviour early.
 *
 * Inlined in the frame (FrameReady.astro), so it imports no code of its own.
 */
import type { ApiEvent } from '../lib/playerApi.ts';

export interface AnnouncingWindow {
  parent: {
    postMessage(message: unknown, targetOrigin: string): void;
    location: { origin: string };
  };
  location: { origin: string };
}

function framedByOwnSite(win: AnnouncingWindow): boolean {
  try {
    return win.parent.location.origin === win.location.origin;
  } catch {
    // Reading another site's location throws.
    return false;
  }
}

export function announceReady(win: AnnouncingWindow): void {
  if (win.parent === (win as unknown) || framedByOwnSite(win)) return;
  // Any origin may hear it: it says no more than the frame's load event tells its page.
  win.parent.postMessage({ event: 'ready' } satisfies ApiEvent, '*');
}
