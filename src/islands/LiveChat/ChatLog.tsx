/**
 * The chat's messages as a log (role="log", new ones announced politely), oldest at the top.
 * It follows the newest message unless the reader scrolled up; then a "New messages" button
 * takes them down. Bodies are plain text with their links made clickable (src/lib/autolink.ts):
 * text nodes and <a> elements, never markup. Moderators get Delete and Mute per message, as
 * forms that post to the panel page, so they work without JavaScript too. Until the island
 * loads, the page's reader appends messages in this same markup (src/lib/chatLogMarkup.ts).
 */
import {
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type SubmitEvent,
} from 'react';
import { autolink } from '../../lib/autolink.ts';
import { FOLLOW_SLACK_PX } from '../../lib/chatLogMarkup.ts';
import type { ChatAuthor, ChatMessageJson } from '../../lib/chatWire.ts';
import { fillMessage } from '../../lib/messageTemplate.ts';
import type { LiveChatStrings } from './chatStrings.ts';

export interface Moderation {
  /** The panel page: the forms post there without JavaScript. */
  action: string;
  token: string;
  viewerId: number;
  /** Authors muted while the panel was open. */
  mutedIds: ReadonlySet<number>;
  /** A replay is read, not moderated for posting: no mutes there. */
  canMute: boolean;
  onDelete(message: ChatMessageJson): void;
  onMute(author: ChatAuthor, muted: boolean): void;
}

export interface MessageTime {
  text: string;
  /** The <time> element's machine-readable value. */
  dateTime: string;
}

interface ChatLogProps {
  logRef: RefObject<HTMLDivElement | null>;
  messages: readonly ChatMessageJson[];
  timeOf(message: ChatMessageJson): MessageTime;
  moderation: Moderation | null;
  /** Shown while there is no message. */
  empty: string;
  strings: LiveChatStrings;
}

export default function ChatLog({
  logRef,
  messages,
  timeOf,
  moderation,
  empty,
  strings,
}: ChatLogProps) {
  const following = useRef(true);
  const newest = useRef(messages.at(-1)?.id);
  const [unseen, setUnseen] = useState(false);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const id = messages.at(-1)?.id;
    const arrived = id !== undefined && id !== newest.current;
    newest.current = id;
    if (following.current) log.scrollTop = log.scrollHeight;
    else if (arrived) setUnseen(true);
  }, [messages, logRef]);

  function onScroll() {
    const log = logRef.current;
    if (!log) return;
    following.current = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_SLACK_PX;
    if (following.current) setUnseen(false);
  }

  function jumpToNewest() {
    const log = logRef.current;
    if (!log) return;
    following.current = true;
    log.scrollTop = log.scrollHeight;
    setUnseen(false);
    // The button goes away: focus goes to the messages it led to.
    log.focus();
  }

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={strings.messages}
        tabIndex={0}
        onScroll={onScroll}
        className="focus-ring min-h-0 flex-1 overflow-y-auto py-2"
        data-testid="chat-log"
      >
        {messages.length === 0 ? (
          <p className="m-0 px-3 py-2 text-sm text-muted">{empty}</p>
        ) : (
          <ol className="m-0 list-none p-0">
            {messages.map((message) => (
              <ChatMessageItem
                key={message.id}
                message={message}
                time={timeOf(message)}
                moderation={moderation}
                strings={strings}
              />
            ))}
          </ol>
        )}
      </div>
      {unseen && (
        <button
          type="button"
          onClick={jumpToNewest}
          className="btn-brand absolute bottom-2 left-1/2 -translate-x-1/2 px-3 py-1 text-sm shadow-md"
        >
          {strings.newMessages} <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}

function ChatMessageItem({
  message,
  time,
  moderation,
  strings,
}: {
  message: ChatMessageJson;
  time: MessageTime;
  moderation: Moderation | null;
  strings: LiveChatStrings;
}) {
  const { author } = message;
  const name = author.name || strings.formerAccount;
  return (
    <li className="px-3 py-1.5" data-message-id={message.id}>
      <p className="m-0 flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold [overflow-wrap:anywhere]">{name}</span>
        {author.badge && (
          <span className="rounded bg-brand px-1.5 text-xs font-bold text-brand-ink">
            {author.badge === 'owner' ? strings.badgeOwner : strings.badgeAdmin}
          </span>
        )}
        <time
          dateTime={time.dateTime}
          className="text-xs text-muted tabular-nums"
          suppressHydrationWarning
        >
          {time.text}
        </time>
      </p>
      <p className="m-0 whitespace-pre-wrap [overflow-wrap:anywhere]">
        {autolink(message.body).map((segment, index) =>
          segment.kind === 'link' ? (
            <a
              key={index}
              href={segment.href}
              target="_blank"
              rel="noopener nofollow ugc"
              className="focus-ring rounded-sm underline"
            >
              {segment.text}
              <span className="sr-only"> {strings.opensInNewTab}</span>
            </a>
          ) : (
            segment.text
          ),
        )}
      </p>
      {moderation && (
        <ModerationActions
          message={message}
          name={name}
          moderation={moderation}
          strings={strings}
        />
      )}
    </li>
  );
}

function ModerationActions({
  message,
  name,
  moderation,
  strings,
}: {
  message: ChatMessageJson;
  name: string;
  moderation: Moderation;
  strings: LiveChatStrings;
}) {
  const { author } = message;
  // The owner and Admins are never muted; a deleted account cannot post again anyway.
  const mutable =
    moderation.canMute &&
    author.id > 0 &&
    author.id !== moderation.viewerId &&
    author.badge === null;
  const muted = moderation.mutedIds.has(author.id);
  return (
    <div className="mt-0.5 flex gap-3">
      <ActionForm
        moderation={moderation}
        intent="delete"
        field={['message_id', String(message.id)]}
        label={strings.delete}
        name={fillMessage(strings.deleteMessageFrom, { name })}
        onAct={() => moderation.onDelete(message)}
      />
      {mutable && (
        <ActionForm
          moderation={moderation}
          intent={muted ? 'unmute' : 'mute'}
          field={['user_id', String(author.id)]}
          label={muted ? strings.unmute : strings.mute}
          name={fillMessage(muted ? strings.unmuteAuthor : strings.muteAuthor, { name })}
          onAct={() => moderation.onMute(author, !muted)}
        />
      )}
    </div>
  );
}

interface ActionFormProps {
  moderation: Moderation;
  intent: 'delete' | 'mute' | 'unmute';
  field: [string, string];
  /** The button's visible word. */
  label: ReactNode;
  /** Its accessible name, which says whose message or who. */
  name: string;
  onAct(): void;
}

function ActionForm({ moderation, intent, field, label, name, onAct }: ActionFormProps) {
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onAct();
  }
  return (
    <form method="post" action={moderation.action} onSubmit={submit} className="m-0">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field[0]} value={field[1]} />
      <input type="hidden" name="token" value={moderation.token} />
      <button
        type="submit"
        aria-label={name}
        className="focus-ring cursor-pointer rounded-sm border-0 bg-transparent p-0 text-xs text-muted underline hover:text-ink"
      >
        {label}
      </button>
    </form>
  );
}
