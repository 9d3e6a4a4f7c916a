/**
 * The review page's player link (/review/{token}): a note's time code seeks the framed player
 * in place instead of reloading the frame at that time, and "Use the player's time" fills
 * the note's time code from where the player is. Both speak the frame's player API
 * (src/lib/playerApi.ts), the frame being of this same origin.
 */
import { readApiCall } from '../lib/playerApi.ts';
import { formatTimeCode } from '../lib/reviewNotes.ts';

export function reviewPlayer(doc: Document, win: Window): void {
  const frame = doc.querySelector<HTMLIFrameElement>('iframe[data-review-player]');
  if (!frame) return;
  const call = (method: string, value?: unknown) =>
    frame.contentWindow?.postMessage({ method, value }, win.location.origin);

  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-seek]');
    if (!link) return;
    event.preventDefault();
    // Played first: a frame that has not loaded its media yet keeps the time as where to start.
    call('play');
    call('setCurrentTime', Number(link.dataset['seek']));
  });

  const useTime = doc.querySelector<HTMLButtonElement>('button[data-use-time]');
  const time = doc.querySelector<HTMLInputElement>('input[name="time"]');
  if (!useTime || !time) return;
  useTime.hidden = false;
  useTime.addEventListener('click', () => call('getCurrentTime'));
  win.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== win.location.origin) return;
    const answer = readApiCall(event.data);
    if (answer?.method === 'getCurrentTime' && typeof answer.value === 'number')
      time.value = formatTimeCode(answer.value);
  });
}
