/**
 * The live hero's event as it changes (SPEC §4 live status, §7 polling call, §9 intervals):
 * polls GET /api/albums/{albumId}/videos/{videoId} for the status, the next start and how
 * many watch (where the owner shows it) at
 * livePollInterval, and reloads the page when the event leaves the showcase or its broadcast
 * ends. A poll that fails is ignored; the next one tries again. On a published page the app's
 * origin answers (src/lib/appAddress.ts), and the first poll goes out at once.
 */
import ky from 'ky';
import { useEffect, useRef, useState } from 'react';
import { apiAcceptHeader } from '../../lib/apiAccept.ts';
import { appAddress, currentPage } from '../../lib/appAddress.ts';
import { livePollInterval } from '../../lib/livePolling.ts';
import {
  LIVE_POLL_FIELDS,
  readLivePollAnswer,
  reloadsPage,
  type LivePollAnswer,
  type LiveSnapshot,
} from '../../lib/liveStatusPoll.ts';

export interface LiveSource {
  albumId: number;
  videoId: number;
  /** The showcase address's share hash, referrer and is_embed (carriedQuery.apiQuery). */
  apiQuery: Readonly<Record<string, string>>;
}

async function pollOnce(
  { albumId, videoId, apiQuery }: LiveSource,
  signal: AbortSignal,
): Promise<LivePollAnswer> {
  const response = await ky.get(
    appAddress(`/api/albums/${albumId}/videos/${videoId}`, currentPage()),
    {
      searchParams: { ...apiQuery, fields: LIVE_POLL_FIELDS },
      headers: { Accept: apiAcceptHeader('video') },
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
      retry: 0,
      timeout: 10_000,
      throwHttpErrors: false,
    },
  );
  const body: unknown = await response.json().catch(() => null);
  return readLivePollAnswer(response.status, body);
}

/**
 * The event's status, start and zone: first as the server rendered them, then as polled. The
 * first poll is due one interval after `renderedAt` (the island may take over later than that),
 * at once on a published page, whose `renderedAt` is 0.
 */
export function useLiveStatus(
  source: LiveSource,
  initial: LiveSnapshot,
  renderedAt: number,
): LiveSnapshot {
  const [live, setLive] = useState(initial);
  const current = useRef(initial);
  const sourceRef = useRef(source);

  useEffect(() => {
    // A replay does not change any more: nothing to ask.
    if (current.current.status === 'done') return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const poll = async () => {
      const answer = await pollOnce(sourceRef.current, abort.signal).catch((): LivePollAnswer => ({
        kind: 'ignored',
      }));
      if (abort.signal.aborted) return;
      if (reloadsPage(current.current.status, answer)) {
        location.reload();
        return;
      }
      if (answer.kind === 'live') {
        // The zone stays known when the answer carries no schedule (an event not scheduled).
        const next = { ...answer.live, timeZone: answer.live.timeZone ?? current.current.timeZone };
        current.current = next;
        setLive(next);
      }
      schedule();
    };
    const schedule = (since = Date.now()) => {
      const interval = livePollInterval(
        current.current.status,
        current.current.startTime,
        new Date(),
      );
      // Counted from `since`, and never longer than one interval whatever the two clocks say.
      timer = setTimeout(
        () => void poll(),
        Math.min(interval, Math.max(0, since + interval - Date.now())),
      );
    };

    schedule(renderedAt);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, []);

  return live;
}

/**
 * The time the countdown counts from: the server's render time for the first render (so
 * hydration finds the same text), then the browser's clock, each second while `ticking`. A
 * published page (src/lib/staticPage.ts) was rendered at no moment in particular (0): the
 * browser's clock from the start.
 */
export function useNow(renderedAt: number, ticking: boolean): number {
  const [now, setNow] = useState(() => renderedAt || Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
