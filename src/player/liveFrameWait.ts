/**
 * A player frame showing a sentence instead of a picture (an event not on the air yet, a
 * stream about to start, a replay being prepared) asks about its event at the live poll's
 * pace (SPEC §9) and reloads once it has something to play (src/lib/liveFrame.ts). Such a
 * frame alone fetches it, when its first poll is due (lazyLoader.ts, `data-lazy-after`). The
 * video view's status line follows its event the same way, and writes how many watch beside
 * LIVE where the owner shows it (`data-live-viewers`, the message's plural templates).
 */
import { provideLazy } from '../islands/provideLazy.ts';
import { frameShouldReload, type LiveFrameState } from '../lib/liveFrame.ts';
import { livePollInterval } from '../lib/livePolling.ts';
import { fillPlural, type PluralTemplates } from '../lib/pluralMessage.ts';
import { pollLiveEvent } from './liveEventPoll.ts';

function showViewers(target: HTMLElement, viewers: number | null): void {
  target.hidden = viewers === null;
  if (viewers !== null)
    target.textContent = fillPlural(
      JSON.parse(target.dataset['liveViewers'] ?? '{}') as PluralTemplates,
      viewers,
    );
}

function waitForLiveChange(element: HTMLElement): void {
  const { album, video, state, status = '', start = null, query = '{}' } = element.dataset;
  if (!album || !video || !state) return;
  const shown = { state: state as LiveFrameState, status };
  const viewers = element.querySelector<HTMLElement>('[data-live-viewers]');

  const poll = async () => {
    const polled = await pollLiveEvent({ album, video, query });
    // A failed poll changes nothing; the next one asks again.
    if (polled && frameShouldReload(shown, { ...polled, hasHls: polled.hls !== null }))
      return location.reload();
    if (polled && viewers) showViewers(viewers, polled.viewers);
    schedule();
  };
  const schedule = () => setTimeout(() => void poll(), livePollInterval(status, start, new Date()));
  // The frame fetched this when its first poll was due.
  void poll();
}

provideLazy('live-wait', waitForLiveChange);
