/**
 * The player frame's LIVE bar while its event is on the air: the LIVE badge the server
 * rendered, how far behind the live edge the viewer is ("−12 sec", and in words for screen
 * readers) and a Back to live button that jumps to the edge, both shown only once the viewer
 * fell behind (paused, or sought back within the playlist's window) (src/lib/liveEdge.ts).
 */
import { formatBehind, readLiveEdge } from '../lib/liveEdge.ts';
import { fillMessage } from '../lib/messageTemplate.ts';

/** Where the browser plays a live stream it joins: hls.js knows; a browser playing HLS itself is measured. */
export type LiveEdge = () => number | null;

function seekableEnd(media: HTMLVideoElement): number | null {
  const { seekable } = media;
  return seekable.length > 0 ? seekable.end(seekable.length - 1) : null;
}

/**
 * A browser playing HLS itself keeps its own distance from the end of the playlist when it
 * joins (RFC 8216 §6.3.3 asks for three target durations): measured once it first plays, that
 * distance is where live is.
 */
export function nativeLiveEdge(media: HTMLVideoElement): LiveEdge {
  let kept: number | null = null;
  media.addEventListener(
    'playing',
    () => {
      const end = seekableEnd(media);
      if (end !== null) kept = Math.max(0, end - media.currentTime);
    },
    { once: true },
  );
  return () => {
    const end = seekableEnd(media);
    return end === null || kept === null ? end : end - kept;
  };
}

export function showLiveEdge(bar: HTMLElement, media: HTMLVideoElement, edge: LiveEdge): void {
  const badge = bar.querySelector<HTMLElement>('[data-live-badge]');
  const behind = bar.querySelector<HTMLElement>('[data-behind]');
  const short = bar.querySelector<HTMLElement>('[data-behind-short]');
  const long = bar.querySelector<HTMLElement>('[data-behind-long]');
  const back = bar.querySelector<HTMLButtonElement>('button[data-back-to-live]');
  if (!badge || !behind || !short || !long || !back) return;
  const locale = document.documentElement.lang;
  const template = bar.dataset['behindTemplate'] ?? '{time}';

  const update = () => {
    const reading = readLiveEdge(media.currentTime, edge());
    const live = reading.kind === 'live';
    badge.dataset['state'] = live ? 'live' : 'behind';
    behind.hidden = live;
    // The button leaves with the distance; the video keeps the focus it held.
    if (live && document.activeElement === back) media.focus();
    back.hidden = live;
    if (reading.kind === 'behind') {
      short.textContent = `−${formatBehind(reading.seconds, locale, 'short')}`;
      long.textContent = fillMessage(template, {
        time: formatBehind(reading.seconds, locale, 'long'),
      });
    }
  };
  back.addEventListener('click', () => {
    const to = edge();
    if (to !== null) media.currentTime = to;
    if (media.paused) void media.play().catch(() => undefined);
    update();
  });
  for (const type of ['timeupdate', 'seeked', 'pause', 'playing'])
    media.addEventListener(type, update);
  // Paused, the video stands still while the edge moves on.
  setInterval(update, 1_000);
  update();
}
