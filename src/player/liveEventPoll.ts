/**
 * A frame's question about its live event (GET /albums/{albumId}/videos/{videoId}, the
 * fields a frame needs), asked by a frame waiting for its event and by one whose stream ended.
 */
import { apiAcceptHeader } from '../lib/apiAccept.ts';
import { EVENT_GONE_ERROR, viewersOf } from '../lib/liveStatusPoll.ts';

/** The frame's event, as its element's data attributes name it. */
export interface PolledEventAddress {
  album: string;
  video: string;
  /** JSON of the query the frame's own address carried (a password proof, an unlisted hash). */
  query: string;
}

export interface PolledEvent {
  gone: boolean;
  status: string | null;
  hls: string | null;
  archived: boolean;
  /** How many watch, where the owner shows it. */
  viewers: number | null;
}

interface PolledBody {
  error_code?: unknown;
  live?: { status?: unknown; archived_time?: unknown; concurrent_viewers?: unknown } | null;
  play?: { hls?: { link?: unknown } | null } | null;
}

/** What the API says of the event now; null when it could not be asked. */
export async function pollLiveEvent({
  album,
  video,
  query,
}: PolledEventAddress): Promise<PolledEvent | null> {
  const url = new URL(`/api/albums/${album}/videos/${video}`, location.href);
  for (const [name, value] of Object.entries(JSON.parse(query) as Record<string, string>))
    url.searchParams.set(name, value);
  url.searchParams.set('fields', 'live.status,live.archived_time,live.concurrent_viewers,play.hls');
  try {
    const response = await fetch(url, {
      headers: { Accept: apiAcceptHeader('video') },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const body = (await response.json().catch(() => ({}))) as PolledBody;
    const link = body.play?.hls?.link;
    return {
      gone: body.error_code === EVENT_GONE_ERROR,
      status: response.ok && typeof body.live?.status === 'string' ? body.live.status : null,
      hls: typeof link === 'string' ? link : null,
      archived: typeof body.live?.archived_time === 'string',
      viewers: viewersOf(body.live?.concurrent_viewers),
    };
  } catch {
    return null;
  }
}
