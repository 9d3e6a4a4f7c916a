/**
 * Writing in the chat: a labelled field (at most 500 characters, the count left shown near
 * the limit) and Send; Enter sends. Server-rendered as a form that posts to the panel page
 * (intent=post), so it works without JavaScript; hydrated, it posts in place. Typing is
 * handled at most every 50 ms (SPEC §9). Refusals, and why the composer is closed, are said
 * in a polite live region beside it. A viewer who is not signed in gets "Sign in to chat",
 * which opens in the top window (the panel is usually framed).
 */
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import {
  MESSAGE_INPUT_THROTTLE_MS,
  remainingCharacters,
  showsRemaining,
  type StandingRefusal,
} from '../../lib/chatComposer.ts';
import { CHAT_MESSAGE_MAX_CHARACTERS } from '../../lib/chatMessage.ts';
import { fillPlural } from '../../lib/pluralMessage.ts';
import { throttle } from '../../lib/throttle.ts';
import type { LiveChatStrings } from './chatStrings.ts';

interface ChatComposerProps {
  gate: 'open' | StandingRefusal;
  /** The panel page: the form posts there without JavaScript. */
  action: string;
  token: string;
  signInHref: string;
  /** What the page said after a post sent without JavaScript. */
  initialNotice: string | null;
  /** Sends `body`; resolves to null once sent, else to what to tell the viewer. */
  onSend(body: string): Promise<string | null>;
  strings: LiveChatStrings;
}

export default function ChatComposer({
  gate,
  action,
  token,
  signInHref,
  initialNotice,
  onSend,
  strings,
}: ChatComposerProps) {
  const id = useId();
  const fieldId = `${id}-field`;
  const countId = `${id}-count`;
  const noticeId = `${id}-notice`;
  const field = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const [remaining, setRemaining] = useState(CHAT_MESSAGE_MAX_CHARACTERS);
  const [notice, setNotice] = useState(initialNotice);

  const onInput = useMemo(
    () =>
      throttle(() => {
        setRemaining(remainingCharacters(field.current?.value ?? ''));
        // Editing answers what was said about the last attempt.
        setNotice(null);
      }, MESSAGE_INPUT_THROTTLE_MS),
    [],
  );
  useEffect(() => () => onInput.cancel(), [onInput]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = field.current;
    if (!input || sending.current) return;
    sending.current = true;
    const refused = await onSend(input.value);
    sending.current = false;
    if (refused === null) {
      input.value = '';
      setRemaining(CHAT_MESSAGE_MAX_CHARACTERS);
    }
    setNotice(refused);
  }

  const said = gate === 'open' || gate === 'sign_in' ? notice : strings.refusals[gate];

  return (
    <div className="border-t border-line px-3 pt-2 pb-1" data-testid="chat-composer">
      {gate === 'open' && (
        <form method="post" action={action} onSubmit={submit} className="m-0 flex flex-col gap-1">
          <input type="hidden" name="intent" value="post" />
          <input type="hidden" name="token" value={token} />
          <label htmlFor={fieldId} className="text-sm font-semibold">
            {strings.messageLabel}
          </label>
          <div className="flex gap-2">
            <input
              ref={field}
              id={fieldId}
              type="text"
              name="body"
              maxLength={CHAT_MESSAGE_MAX_CHARACTERS}
              autoComplete="off"
              enterKeyHint="send"
              aria-describedby={`${countId} ${noticeId}`}
              onInput={() => onInput()}
              className="focus-ring min-w-0 flex-1 rounded-md border border-line bg-bg px-3 py-2 text-ink"
            />
            <button type="submit" className="btn-brand">
              {strings.send}
            </button>
          </div>
          <p id={countId} className="m-0 text-xs text-muted tabular-nums">
            {showsRemaining(remaining) ? fillPlural(strings.charactersLeft, remaining) : ''}
          </p>
        </form>
      )}
      {gate === 'sign_in' && (
        <a href={signInHref} target="_top" className="btn-brand no-underline">
          {strings.signInToChat}
        </a>
      )}
      <p id={noticeId} role="status" className="m-0 min-h-5 py-1 text-sm" data-testid="chat-notice">
        {said}
      </p>
    </div>
  );
}
