/**
 * The words of the live chat panel, translated on the server (liveChatStrings.ts) and handed
 * to the island and each of its parts as props.
 */
import type { ChatRefusal } from '../../lib/chatWire.ts';
import type { JsonFailureStrings } from '../../lib/jsonAnswer.ts';
import type { PluralTemplates } from '../../lib/pluralMessage.ts';

export interface LiveChatStrings {
  /** 'Chat messages': the log's name. */
  messages: string;
  stateOn: string;
  stateMembers: string;
  stateOff: string;
  stateReplay: string;
  /** 'Chat replay follows the video' */
  replayHint: string;
  noMessages: string;
  newMessages: string;
  badgeOwner: string;
  badgeAdmin: string;
  /** The author of a message whose account is gone. */
  formerAccount: string;
  messageLabel: string;
  send: string;
  /** '{remaining} characters left' */
  charactersLeft: PluralTemplates;
  signInToChat: string;
  /** A post that did not get an answer the panel understands. */
  sendFailed: string;
  reconnecting: string;
  /** SPEC §8 'Failed to fetch chat status data.', shown while the status poll fails. */
  statusFailed: string;
  /** Why the poll failed (SPEC §8 user helpers). */
  answerFailures: JsonFailureStrings;
  delete: string;
  /** 'Delete message from {name}' */
  deleteMessageFrom: string;
  mute: string;
  /** 'Mute {name}' */
  muteAuthor: string;
  unmute: string;
  /** 'Unmute {name}' */
  unmuteAuthor: string;
  moderationFailed: string;
  settings: string;
  settingChat: string;
  settingOn: string;
  settingOff: string;
  settingAudience: string;
  audienceEveryone: string;
  audienceMembers: string;
  saveSettings: string;
  opensInNewTab: string;
  /** Each refusal's message, as the server words it; too_fast with {seconds}. */
  refusals: Record<ChatRefusal, string>;
}
