/**
 * The chat routes the panel calls (/live_chat/{roomId}/…, src/lib/chatAddress.ts).
 * State-changing calls carry the viewer's CSRF token in X-XSRF-Token.
 */
import ky, { HTTPError } from 'ky';
import { appAddress, currentPage } from '../../lib/appAddress.ts';
import { chatUrl, type ChatRoomAddress } from '../../lib/chatAddress.ts';
import { readChatMessage, readChatStatus } from '../../lib/chatEvents.ts';
import { CHAT_STATUS_POLL_FAILED, refusalOf, retryAfterSeconds } from '../../lib/chatComposer.ts';
import type {
  ChatAudience,
  ChatMessageJson,
  ChatRefusal,
  ChatStatusJson,
} from '../../lib/chatWire.ts';
import { readJsonAnswer, type JsonFailure } from '../../lib/jsonAnswer.ts';

export type ChatCallResult<T> =
  { ok: true; value: T } | { ok: false; refusal: ChatRefusal | null; retryAfterSeconds: number };

const TIMEOUT_MS = 10_000;

async function call<T>(request: () => Promise<T>): Promise<ChatCallResult<T>> {
  try {
    return { ok: true, value: await request() };
  } catch (cause) {
    if (!(cause instanceof HTTPError)) return { ok: false, refusal: null, retryAfterSeconds: 1 };
    return {
      ok: false,
      refusal: refusalOf(cause.data),
      retryAfterSeconds: retryAfterSeconds(cause.response.headers.get('retry-after')),
    };
  }
}

const send = (room: ChatRoomAddress) => ({
  headers: { 'X-XSRF-Token': room.token, Accept: 'application/json' },
  credentials: 'same-origin' as const,
  retry: 0,
  timeout: TIMEOUT_MS,
});

export function postChatMessage(
  room: ChatRoomAddress,
  body: string,
): Promise<ChatCallResult<ChatMessageJson | null>> {
  return call(async () => {
    const answer: unknown = await ky
      .post(chatUrl(room, '/messages'), { ...send(room), json: { body, token: room.token } })
      .json();
    return readChatMessage((answer as { message?: unknown } | null)?.message);
  });
}

export function deleteChatMessage(
  room: ChatRoomAddress,
  messageId: number,
): Promise<ChatCallResult<unknown>> {
  return call(() =>
    ky.delete(chatUrl(room, `/messages/${messageId}`), send(room)).then(() => null),
  );
}

export function setChatMute(
  room: ChatRoomAddress,
  userId: number,
  muted: boolean,
): Promise<ChatCallResult<unknown>> {
  const url = chatUrl(room, `/mutes/${userId}`);
  return call(() =>
    (muted ? ky.put(url, send(room)) : ky.delete(url, send(room))).then(() => null),
  );
}

export interface ChatStatusChange {
  chatEnabled?: boolean;
  audience?: ChatAudience;
}

export function changeChatStatus(
  room: ChatRoomAddress,
  change: ChatStatusChange,
): Promise<ChatCallResult<ChatStatusJson | null>> {
  return call(async () =>
    readChatStatus(
      await ky
        .patch(chatUrl(room), { ...send(room), json: { ...change, token: room.token } })
        .json(),
    ),
  );
}

/** A status poll that failed; `failure` is null when the answer was JSON but no room state. */
export class ChatStatusError extends Error {
  readonly failure: JsonFailure | null;
  constructor(failure: JsonFailure | null) {
    super(CHAT_STATUS_POLL_FAILED);
    this.name = 'ChatStatusError';
    this.failure = failure;
  }
}

/** GET /live_chat/{roomId}/status; throws a ChatStatusError when it brings no room state. */
export async function fetchChatStatus(
  room: ChatRoomAddress,
  signal: AbortSignal,
): Promise<ChatStatusJson> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(appAddress(chatUrl(room, '/status'), currentPage()), {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    body = await response.text();
  } catch {
    throw new ChatStatusError({ kind: 'network', status: null });
  }
  const answer = readJsonAnswer(response.status, response.headers.get('content-type'), body);
  if (!answer.ok) throw new ChatStatusError(answer.failure);
  const status = readChatStatus(answer.value);
  if (!status) throw new ChatStatusError(null);
  return status;
}

/** GET /live_chat/{roomId}/replay: the broadcast's messages with their offsets. */
export async function fetchReplay(
  room: ChatRoomAddress,
  signal: AbortSignal,
): Promise<ChatMessageJson[]> {
  const answer: unknown = await ky
    .get(appAddress(chatUrl(room, '/replay'), currentPage()), {
      credentials: 'same-origin',
      retry: 1,
      timeout: TIMEOUT_MS,
      signal,
    })
    .json();
  const items = (answer as { items?: unknown } | null)?.items;
  return Array.isArray(items)
    ? items.map(readChatMessage).filter((m): m is ChatMessageJson => m !== null)
    : [];
}
