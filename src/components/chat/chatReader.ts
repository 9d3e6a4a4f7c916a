/**
 * A live panel's reader: until someone writes (src/islands/lazyLoader.ts loads the island on
 * the first interaction), this small script keeps the server-rendered log current from the
 * room's event stream, appending and removing messages in the island's own markup
 * (src/lib/chatLogMarkup.ts), and writes their times in the reader's time zone as the island
 * would. The island takes over from it (src/lib/chatReading.ts). The room's state and mutes
 * wait for the island, which reads them as it starts.
 */
import type { LiveChatProps } from '../../islands/LiveChat/LiveChat.tsx';
import { appAddress, currentPage } from '../../lib/appAddress.ts';
import { eventsUrl } from '../../lib/chatAddress.ts';
import { readChatMessage, readDeletedIds } from '../../lib/chatEvents.ts';
import { logChanges } from '../../lib/chatLogChanges.ts';
import { FOLLOW_SLACK_PX, localClock, logMarkup, messageMarkup } from '../../lib/chatLogMarkup.ts';
import type { ReadingHost } from '../../lib/chatReading.ts';
import {
  addMessages,
  chatTimeline,
  lastId,
  removeMessages,
  type ChatTimeline,
} from '../../lib/chatTimeline.ts';

/** A stream the server ended with an error is started again after this long. */
const RESTART_MS = 5_000;

const idOf = (item: Element) => Number((item as HTMLElement).dataset['messageId']);

function readChat(host: ReadingHost): void {
  const props = JSON.parse(host.dataset['props'] ?? 'null') as LiveChatProps | null;
  const log = host.querySelector<HTMLElement>('[role="log"]');
  // The island already runs (focus was inside before this script did).
  if (!props || !log || host.dataset['lazyState']) return;
  const { strings } = props;
  const timeOf = localClock(props.locale);
  const markup = (message: LiveChatProps['messages'][number]) =>
    messageMarkup(message, timeOf(message.created_at), strings);
  let timeline = chatTimeline(props.messages);
  let source: EventSource | null = null;
  let restart: ReturnType<typeof setTimeout> | undefined;

  const show = (next: ChatTimeline) => {
    if (next === timeline) return;
    timeline = next;
    const following = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_SLACK_PX;
    const list = log.querySelector('ol');
    if (!list || next.messages.length === 0)
      log.innerHTML = logMarkup(next.messages, (message) => timeOf(message.created_at), strings);
    else {
      const items = new Map([...list.children].map((item) => [idOf(item), item]));
      const { remove, insert } = logChanges([...items.keys()], next.messages);
      for (const id of remove) items.get(id)?.remove();
      for (const { message, before } of insert)
        (before === null ? list : items.get(before)!).insertAdjacentHTML(
          before === null ? 'beforeend' : 'beforebegin',
          markup(message),
        );
    }
    if (following) log.scrollTop = log.scrollHeight;
  };

  const connect = () => {
    // On a published page the room is read from the app's origin (src/lib/appAddress.ts).
    const stream = new EventSource(appAddress(eventsUrl(props, lastId(timeline)), currentPage()));
    source = stream;
    stream.addEventListener('message', (event) => {
      const message = readChatMessage(event.data);
      if (message) show(addMessages(timeline, [message]));
    });
    stream.addEventListener('deleted', (event) =>
      show(removeMessages(timeline, readDeletedIds(event.data))),
    );
    // EventSource resumes by itself unless the server answered with an error.
    stream.addEventListener('error', () => {
      if (stream.readyState === EventSource.CLOSED) restart = setTimeout(connect, RESTART_MS);
    });
  };

  for (const time of log.querySelectorAll('time')) time.textContent = timeOf(time.dateTime);
  log.scrollTop = log.scrollHeight;
  connect();
  host.chatReading = {
    stop() {
      source?.close();
      clearTimeout(restart);
      return timeline.messages;
    },
  };
}

const host = document.querySelector<ReadingHost>('[data-lazy="live-chat"]');
if (host) readChat(host);
