/**
 * The live chat panel (SPEC §2 "/live-chat/{id}: live chat panel", §7 status poll, §9).
 * Server-rendered from the page's props, so the messages read and the forms post without
 * JavaScript; hydrated at once (client:load), it keeps itself current.
 *
 * Live: the room's event stream brings messages, deletions, the room's state and mutes
 * (useLiveRoom.ts); the status poll every 4 s closes the composer for everyone when chat is
 * turned off. Replay: the broadcast's messages are fetched once and shown up to the video's
 * position, which the page beside the player relays (useReplay.ts); no composer.
 */
import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ChatRoomAddress } from '../../lib/chatAddress.ts';
import {
  composerGate,
  isStandingRefusal,
  refusalAfterMute,
  statusPollProblem,
} from '../../lib/chatComposer.ts';
import {
  readChatMessage,
  readChatStatus,
  readDeletedIds,
  readMuted,
} from '../../lib/chatEvents.ts';
import {
  addMessages,
  chatTimeline,
  lastId,
  removeMessages,
  visibleAt,
} from '../../lib/chatTimeline.ts';
import type {
  ChatAuthor,
  ChatMessageJson,
  ChatRefusal,
  ChatStatusJson,
} from '../../lib/chatWire.ts';
import { truncateEventName } from '../../lib/eventName.ts';
import { formatDuration } from '../../lib/formatDuration.ts';
import { fillMessage } from '../../lib/messageTemplate.ts';
import ChatComposer from './ChatComposer.tsx';
import ChatLog, { type MessageTime, type Moderation } from './ChatLog.tsx';
import ChatSettings from './ChatSettings.tsx';
import type { LiveChatStrings } from './chatStrings.ts';
import {
  changeChatStatus,
  deleteChatMessage,
  postChatMessage,
  setChatMute,
  type ChatStatusChange,
} from './chatApi.ts';
import { useLiveRoom } from './useLiveRoom.ts';
import { useReplay } from './useReplay.ts';

export interface LiveChatProps {
  /** /live_chat/{roomId}, localized: the base of the room's routes. */
  roomPath: string;
  /** The context query of every room route: album, video and, when given, sh and embed. */
  query: Readonly<Record<string, string>>;
  mode: 'live' | 'replay';
  eventName: string;
  status: ChatStatusJson;
  /** Oldest first: the latest messages live, the broadcast's messages in replay. */
  messages: ChatMessageJson[];
  viewer: { id: number; name: string } | null;
  /** Why this viewer may not post, as the page found it; null when they may. */
  refusal: ChatRefusal | null;
  moderator: boolean;
  /** /log_in?redirect=… back to the page the chat is on. */
  signInHref: string;
  /** The panel page with its context query: its forms post there without JavaScript. */
  action: string;
  /** The viewer's CSRF token (xsrft). */
  token: string;
  /** What the page said after a form posted without JavaScript. */
  notice: string | null;
  locale: string;
  strings: LiveChatStrings;
}

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, true after: what differs in the browser waits for it. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

const sameStatus = (a: ChatStatusJson, b: ChatStatusJson) =>
  a.chatEnabled === b.chatEnabled && a.audience === b.audience;

export default function LiveChat(props: LiveChatProps) {
  const { mode, eventName, viewer, moderator, signInHref, action, token, locale, strings } = props;
  const live = mode === 'live';
  const hydrated = useHydrated();
  const room = useMemo<ChatRoomAddress>(
    () => ({ roomPath: props.roomPath, query: props.query, token }),
    [props.roomPath, props.query, token],
  );
  const [timeline, setTimeline] = useState(() => chatTimeline(live ? props.messages : []));
  const [status, setStatus] = useState(props.status);
  const [refusal, setRefusal] = useState(props.refusal);
  const [mutedIds, setMutedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [connected, setConnected] = useState(true);
  // Why the last status poll failed; null once one succeeds (SPEC §8: polling goes on).
  const [pollProblem, setPollProblem] = useState<string | null>(null);
  // A replay has no composer to say what a form posted without JavaScript came to.
  const [moderationError, setModerationError] = useState<string | null>(live ? null : props.notice);
  const [settingsError, setSettingsError] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const lastIdRef = useRef(lastId(timeline));
  useLayoutEffect(() => {
    lastIdRef.current = lastId(timeline);
  }, [timeline]);

  const updateStatus = (next: ChatStatusJson) =>
    setStatus((current) => (sameStatus(current, next) ? current : next));
  const noteMute = (userId: number, muted: boolean) => {
    setMutedIds((ids) => {
      const next = new Set(ids);
      if (muted) next.add(userId);
      else next.delete(userId);
      return next;
    });
    if (viewer && userId === viewer.id) setRefusal((current) => refusalAfterMute(current, muted));
  };

  useLiveRoom(room, live, lastIdRef, {
    message(data) {
      const message = readChatMessage(data);
      if (message) setTimeline((current) => addMessages(current, [message]));
    },
    deleted(data) {
      const ids = readDeletedIds(data);
      setTimeline((current) => removeMessages(current, ids));
    },
    state(data) {
      const next = readChatStatus(data);
      if (next) updateStatus(next);
    },
    muted(data) {
      const mute = readMuted(data);
      if (mute) noteMute(mute.userId, mute.muted);
    },
    connection: setConnected,
    polled(next) {
      setPollProblem(null);
      updateStatus(next);
    },
    pollFailed(failure) {
      setPollProblem(statusPollProblem(failure, strings.statusFailed, strings.answerFailures));
    },
  });
  const replay = useReplay(room, !live, live ? [] : props.messages);

  // Without JavaScript a replay reads as a whole; in the browser it follows the video.
  const shown = live
    ? timeline.messages
    : hydrated
      ? visibleAt(
          replay.messages.filter((message) => !timeline.deleted.has(message.id)),
          replay.seconds ?? 0,
        )
      : replay.messages;

  // The server does not know the reader's time zone: it writes UTC, and says so.
  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(
        locale,
        hydrated
          ? { hour: 'numeric', minute: '2-digit' }
          : { hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' },
      ),
    [locale, hydrated],
  );
  const timeOf = (message: ChatMessageJson): MessageTime => {
    if (live || message.offset_ms === null)
      return { text: clock.format(new Date(message.created_at)), dateTime: message.created_at };
    const seconds = Math.floor(message.offset_ms / 1000);
    return { text: formatDuration(seconds), dateTime: `PT${seconds}S` };
  };

  async function send(body: string): Promise<string | null> {
    if (body.trim() === '') return strings.refusals.empty;
    const result = await postChatMessage(room, body);
    if (result.ok) {
      const message = result.value;
      if (message) setTimeline((current) => addMessages(current, [message]));
      return null;
    }
    const code = result.refusal;
    if (code === null) return strings.sendFailed;
    if (code === 'chat_off') setStatus((current) => ({ ...current, chatEnabled: false }));
    else if (isStandingRefusal(code)) setRefusal(code);
    return code === 'too_fast'
      ? fillMessage(strings.refusals.too_fast, { seconds: result.retryAfterSeconds })
      : strings.refusals[code];
  }

  async function deleteMessage(message: ChatMessageJson) {
    setModerationError(null);
    const result = await deleteChatMessage(room, message.id);
    if (!result.ok) {
      setModerationError(strings.moderationFailed);
      return;
    }
    setTimeline((current) => removeMessages(current, [message.id]));
    // The button pressed went with its message.
    logRef.current?.focus();
  }

  async function mute(author: ChatAuthor, muted: boolean) {
    setModerationError(null);
    const result = await setChatMute(room, author.id, muted);
    if (result.ok) noteMute(author.id, muted);
    else setModerationError(strings.moderationFailed);
  }

  async function changeSettings(change: ChatStatusChange) {
    const before = status;
    setStatus({ ...status, ...change });
    setSettingsError(null);
    const result = await changeChatStatus(room, change);
    if (result.ok) {
      if (result.value) updateStatus(result.value);
      return;
    }
    setStatus(before);
    setSettingsError(strings.moderationFailed);
  }

  const moderation: Moderation | null =
    moderator && viewer
      ? {
          action,
          token,
          viewerId: viewer.id,
          mutedIds,
          canMute: live,
          onDelete: (m) => void deleteMessage(m),
          onMute: (a, m) => void mute(a, m),
        }
      : null;
  const stateText = !live
    ? strings.stateReplay
    : !status.chatEnabled
      ? strings.stateOff
      : status.audience === 'members'
        ? strings.stateMembers
        : strings.stateOn;
  const shownName = truncateEventName(eventName);
  const gate = composerGate({ signedIn: viewer !== null, moderator, status, refusal });

  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid="live-chat"
      data-mode={mode}
      data-hydrated={hydrated ? '' : undefined}
    >
      <header className="flex flex-col gap-1 border-b border-line px-3 py-2">
        <h1
          className="m-0 text-base font-bold leading-tight [overflow-wrap:anywhere]"
          title={shownName === eventName ? undefined : eventName}
        >
          {shownName}
        </h1>
        <p className="m-0 flex flex-wrap items-center gap-x-2 text-sm text-muted">
          <span data-testid="chat-state">{stateText}</span>
          {live && !connected && <span>· {strings.reconnecting}</span>}
        </p>
        {live && pollProblem && (
          <p className="m-0 text-sm text-muted" data-testid="chat-poll-problem">
            {pollProblem}
          </p>
        )}
        {!live && hydrated && replay.seconds === null && (
          <p className="m-0 text-sm text-muted">{strings.replayHint}</p>
        )}
        {moderator && live && (
          <ChatSettings
            status={status}
            action={action}
            token={token}
            hydrated={hydrated}
            error={settingsError}
            onChange={(change) => void changeSettings(change)}
            strings={strings}
          />
        )}
        {moderation && (
          <p role="status" className="m-0 text-sm">
            {moderationError}
          </p>
        )}
      </header>
      <ChatLog
        logRef={logRef}
        messages={shown}
        timeOf={timeOf}
        moderation={moderation}
        empty={strings.noMessages}
        strings={strings}
      />
      {live && (
        <ChatComposer
          gate={gate}
          action={action}
          token={token}
          signInHref={signInHref}
          initialNotice={props.notice}
          onSend={send}
          strings={strings}
        />
      )}
    </div>
  );
}
