/**
 * The player API of Vitrine's frames: the postMessage wire protocol of Vimeo's player.js, so
 * a page scripted for Vimeo's player drives ours. Calls come in as `{ method, value }` (or
 * that as a JSON string); each gets its reply `{ method, value }`, or `{ event: 'error', data:
 * { method, name, message } }`; events go out as `{ event, data }` once the page asked for them
 * with addEventListener. The frame says `{ event: 'ready' }` when it can take calls, and
 * answers `ping` in kind. The frame side (src/player/playerApiFrame.ts, answering with
 * src/lib/playerApiAnswers.ts) and Vitrine's own /player.js (src/player/publicPlayer.ts) both
 * speak it through these definitions, which are all /player.js carries.
 */
export interface ApiCall {
  method: string;
  value?: unknown;
}

export type ApiReply =
  | { method: string; value?: unknown }
  | { event: 'error'; data: { method: string; name: string; message: string } };

export interface ApiEvent {
  event: string;
  data?: unknown;
}

export function readApiCall(data: unknown): ApiCall | null {
  let message = data;
  if (typeof message === 'string') {
    try {
      message = JSON.parse(message);
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const { method, value } = message as { method?: unknown; value?: unknown };
  return typeof method === 'string' && method !== '' ? { method, value } : null;
}
