/**
 * A player frame showing a sentence instead of a picture (an event not on the air yet, a
 * stream about to start, a replay being prepared) asks about its event at the live poll's
 * pace (SPEC §9) and reloads once it has something to play (src/lib/liveFrame.ts). Such a
 * frame alone fetches it, when its first poll is due (lazyLoader.ts, `data-lazy-after`).
 */
import { provideLazy } from '../islands/provideLazy.ts';
import { apiAcceptHeader } from '../lib/apiAccept.ts';
import { frameShouldReload, type LiveFrameState } from '../lib/liveFrame.ts';
import { livePollInterval } from '../lib/livePolling.ts';
import { EVENT_GONE_ERROR } from '../lib/liveStatusPoll.ts';

interface PolledBody {
  error_code?: unknown;
  live?: { status?: unknown; archived_time?: unknown } | null;
  play?: { hls?: unknown } | null;
}

function waitForLiveChange(element: HTMLElement): void {
  const { album, video, state, status = '', start = null, query = '{}' } = element.dataset;
  if (!album || !video || !state) return;
  const shown = { state: state as LiveFrameState, status };
  const url = new URL(`/api/albums/${album}/videos/${video}`, location.href);
  for (const [name, value] of Object.entries(JSON.parse(query) as Record<string, string>)) url.searchParams.set(name, value);
  url.searchParams.set('fields', 'live.status,live.archived_time,play.hls');

  const poll = async () => {
    try {
      const response = await fetch(url, { headers: { Accept: apiAcceptHeader('video') }, credentials: 'same-origin', cache: 'no-store' });
      const body = (await response.json().catch(() => ({}))) as PolledBody;
      const polled = {
        gone: body.error_code === EVENT_GONE_ERROR,
        status: response.ok && typeof body.live?.status === 'string' ? body.live.status : null,
        hasHls: Boolean(body.play?.hls),
        archived: typeof body.live?.archived_time === 'string',
      };
      if (frameShouldReload(shown, polled)) return location.reload();
    } catch {
      // A failed poll changes nothing; the next one asks again.
    }
    schedule();
  };
  const schedule = () => setTimeout(() => void poll(), livePollInterval(status, start, new Date()));
  // The frame fetched this when its first poll was due.
  void poll();
}

provideLazy('live-wait', waitForLiveChange);
