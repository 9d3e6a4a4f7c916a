/**
 * A live chat message as the panel's log shows it to a reader (no moderation tools), written
 * as HTML: what the island's ChatLog renders (src/islands/LiveChat/ChatLog.tsx), character for
 * character, so the page's reader (src/components/chat/chatReader.ts) can append messages
 * without React and the island can later adopt that markup as its own. Text is escaped as
 * React escapes it; links come from src/lib/autolink.ts, which never lets markup through.
 */
import { autolink } from './autolink.ts';
import type { ChatMessageJson } from './chatWire.ts';

export interface ChatLogStrings {
  /** The author of a message whose account is gone. */
  formerAccount: string;
  badgeOwner: string;
  badgeAdmin: string;
  opensInNewTab: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A live message's time of day in the reader's own time zone, as the hydrated island writes it. */
export function localClock(locale: string): (createdAt: string) => string {
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  return (createdAt) => clock.format(new Date(createdAt));
}

function bodyMarkup(body: string, opensInNewTab: string): string {
  return autolink(body)
    .map((segment) =>
      segment.kind === 'link'
        ? // React writes `<!-- -->` between two text nodes it renders side by side, and hydrates by it.
          `<a href="${escapeHtml(segment.href)}" target="_blank" rel="noopener nofollow ugc"` +
          ` class="focus-ring rounded-sm underline">${escapeHtml(segment.text)}` +
          `<span class="sr-only"> <!-- -->${escapeHtml(opensInNewTab)}</span></a>`
        : escapeHtml(segment.text),
    )
    .join('');
}

export function messageMarkup(
  message: ChatMessageJson,
  time: string,
  strings: ChatLogStrings,
): string {
  const { author } = message;
  const badgeName = author.badge === 'owner' ? strings.badgeOwner : strings.badgeAdmin;
  const badge = author.badge
    ? `<span class="rounded bg-brand px-1.5 text-xs font-bold text-brand-ink">${escapeHtml(badgeName)}</span>`
    : '';
  return (
    `<li class="px-3 py-1.5" data-message-id="${message.id}">` +
    `<p class="m-0 flex flex-wrap items-baseline gap-x-2 text-sm">` +
    `<span class="font-semibold [overflow-wrap:anywhere]">${escapeHtml(author.name || strings.formerAccount)}</span>${badge}` +
    `<time dateTime="${escapeHtml(message.created_at)}" class="text-xs text-muted tabular-nums">${escapeHtml(time)}</time></p>` +
    `<p class="m-0 whitespace-pre-wrap [overflow-wrap:anywhere]">${bodyMarkup(message.body, strings.opensInNewTab)}</p></li>`
  );
}

/** The whole log's content: its messages in a list, or the sentence that says there are none. */
export function logMarkup(
  messages: readonly ChatMessageJson[],
  timeOf: (message: ChatMessageJson) => string,
  strings: ChatLogStrings & { noMessages: string },
): string {
  return messages.length === 0
    ? `<p class="m-0 px-3 py-2 text-sm text-muted">${escapeHtml(strings.noMessages)}</p>`
    : `<ol class="m-0 list-none p-0">${messages.map((message) => messageMarkup(message, timeOf(message), strings)).join('')}</ol>`;
}

/** How close to the bottom of the log still counts as reading the newest messages, in pixels. */
export const FOLLOW_SLACK_PX = 32;
