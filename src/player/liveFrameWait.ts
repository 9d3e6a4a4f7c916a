/**
 * A player frame showing a sentence instead of a picture (an event not on the air yet, a
 * stream about to start, a replay being prepared) asks about its event at the live poll's
 * pace (SPEC §9) and reloads once it has something to play (src/lib/liveFrame.ts). Such a
 * frame alone fetches it, when its first poll is due (lazyLoader.ts, `data-lazy-after`).
 */
import { provideLazy } from '../islands/provideLazy.ts';
import { frameShouldReload, type LiveFrameState } from '../lib/liveFrame.ts';
import { livePollInterval } from '../lib/livePolling.ts';
import { pollLiveEvent } from './liveEventPoll.ts';

function waitForLiveChange(element: HTMLElement): void {
  const { album, video, state, status = '', start = null, query = '{}' } = element.dataset;
  if (!album || !video || !state) return;
  const shown = { state: state as LiveFrameState, status };

  const poll = async () => {
    const polled = await pollLiveEvent({ album, video, query });
    // A failed poll changes nothing; the next one asks again.
    if (polled && frameShouldReload(shown, { ...polled, hasHls: polled.hls !== null }))
      return location.reload();
    schedule();
  };
  const schedule = () => setTimeout(() => void poll(), livePollInterval(status, start, new Date()));
  // The frame fetched this when its first poll was due.
  void poll();
}

provideLazy('live-wait', waitForLiveChange);
