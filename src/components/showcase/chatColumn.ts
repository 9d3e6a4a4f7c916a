/**
 * The video view's chat column, loaded only on pages that have one: the toggle (shown only
 * with JavaScript) applies and remembers the viewer's choice, and a replay's chat follows the
 * video, its player's position relayed to the chat frame at this page's origin only.
 */
import { chatColumnOpen, rememberChatColumn } from '../../lib/chatToggle.ts';
import { listenForPlayerTime, TIME_UPDATE, type TimeUpdateMessage } from '../../lib/playerMessages.ts';

function choiceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused: the chat shows and the choice lasts for this page.
    return null;
  }
}

export function enhanceChatColumn(): void {
  const storage = choiceStorage();
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('button[data-chat-toggle]')) {
    const column = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!column) continue;
    const show = (open: boolean) => {
      column.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
    };
    show(chatColumnOpen(storage));
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      const open = column.hidden;
      show(open);
      rememberChatColumn(storage, open);
    });
  }

  const player = document.querySelector<HTMLIFrameElement>('iframe[data-player-frame]');
  const replayChat = document.querySelector<HTMLIFrameElement>('iframe[data-chat-frame][data-chat-mode="replay"]');
  if (player && replayChat) {
    listenForPlayerTime(window, player, (time) => replayChat.contentWindow?.postMessage({ event: TIME_UPDATE, data: time } satisfies TimeUpdateMessage, location.origin));
  }
}
