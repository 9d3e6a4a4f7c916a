/**
 * The video view's chat column, loaded only on pages that have one, when someone reaches for
 * its toggle or the player first speaks (lazyLoader.ts): the toggle (shown before paint, see
 * src/lib/chatColumnPrePaint.ts) applies and remembers the viewer's choice, and a replay's chat
 * follows the video, its player's position relayed to the chat frame at this page's origin only.
 */
import { chatColumnOpen, rememberChatColumn } from '../../lib/chatToggle.ts';
import {
  listenForPlayerTime,
  TIME_UPDATE,
  type TimeUpdateMessage,
} from '../../lib/playerMessages.ts';
import { provideLazy } from '../../islands/provideLazy.ts';

function choiceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused: the chat shows and the choice lasts for this page.
    return null;
  }
}

function enhanceChatColumn(view: HTMLElement): void {
  const storage = choiceStorage();
  for (const toggle of view.querySelectorAll<HTMLButtonElement>('button[data-chat-toggle]')) {
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

  const player = view.querySelector<HTMLIFrameElement>('iframe[data-player-frame]');
  const replayChat = view.querySelector<HTMLIFrameElement>(
    'iframe[data-chat-frame][data-chat-mode="replay"]',
  );
  if (player && replayChat) {
    listenForPlayerTime(window, player, (time) =>
      replayChat.contentWindow?.postMessage(
        { event: TIME_UPDATE, data: time } satisfies TimeUpdateMessage,
        location.origin,
      ),
    );
  }
}

provideLazy('chat-column', enhanceChatColumn);
