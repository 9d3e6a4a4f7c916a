/**
 * The live chat island's module: hydrates the `data-lazy="live-chat"` host when someone first
 * writes or moderates (lazyLoader.ts), or at once where the panel needs it from the start. A
 * live panel's reader (src/components/chat/chatReader.ts) hands over the messages its log shows,
 * which are the ones the island must render to adopt that markup.
 */
import { hydrateRoot } from 'react-dom/client';
import type { ReadingHost } from '../../lib/chatReading.ts';
import { provideLazy } from '../provideLazy.ts';
import LiveChat, { type LiveChatProps } from './LiveChat.tsx';

provideLazy('live-chat', (host: ReadingHost) => {
  const props = JSON.parse(host.dataset['props'] ?? 'null') as LiveChatProps | null;
  if (!props) return;
  const messages = host.chatReading?.stop() ?? props.messages;
  hydrateRoot(host, <LiveChat {...props} messages={[...messages]} />);
});
