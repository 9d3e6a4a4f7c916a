/**
 * The video view's chat column toggle remembers the viewer's choice in localStorage. Storage
 * may be missing or refuse (private modes, blocked third-party storage): then the chat shows,
 * as it does without JavaScript, and the choice lasts for the page only.
 */

export const CHAT_HIDDEN_KEY = 'vitrine.chatHidden';

type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whether the chat column shows: unless the viewer hid it. */
export function chatColumnOpen(storage: ChoiceStorage | null): boolean {
  try {
    return storage?.getItem(CHAT_HIDDEN_KEY) !== '1';
  } catch {
    return true;
  }
}

export function rememberChatColumn(storage: ChoiceStorage | null, open: boolean): void {
  try {
    if (open) storage?.removeItem(CHAT_HIDDEN_KEY);
    else storage?.setItem(CHAT_HIDDEN_KEY, '1');
  } catch {
    // The choice holds for this page.
  }
}
