/**
 * The translated strings of the live chat island, with {name}, {count} and {seconds}
 * for values only the browser knows (src/lib/messageTemplate.ts). Server-side only.
 */
import type { Translate } from '../../lib/translationKeys.ts';
import { CHAT_REFUSAL_KEYS } from '../../lib/chatPermissions.ts';
import type { ChatRefusal } from '../../lib/chatWire.ts';
import { markers } from '../../lib/messageTemplate.ts';
import { pluralTemplates } from '../../lib/pluralMessage.ts';
import type { LiveChatStrings } from './chatStrings.ts';

export function liveChatStrings(t: Translate, locale: string): LiveChatStrings {
  const refusals = Object.fromEntries(
    Object.entries(CHAT_REFUSAL_KEYS).map(([code, key]) => [code, t(key, markers('seconds'))]),
  ) as Record<ChatRefusal, string>;
  return {
    messages: t('chat.messages'),
    stateOn: t('chat.stateOn'),
    stateMembers: t('chat.stateMembers'),
    stateOff: t('chat.stateOff'),
    stateReplay: t('chat.stateReplay'),
    replayHint: t('chat.replayHint'),
    noMessages: t('chat.noMessages'),
    newMessages: t('chat.newMessages'),
    badgeOwner: t('chat.badgeOwner'),
    badgeAdmin: t('chat.badgeAdmin'),
    formerAccount: t('chat.formerAccount'),
    messageLabel: t('chat.messageLabel'),
    send: t('chat.send'),
    charactersLeft: pluralTemplates(locale, (count) =>
      t('chat.charactersLeft', { count, replace: { count: '{count}' } }),
    ),
    signInToChat: t('chat.signInToChat'),
    sendFailed: t('chat.sendFailed'),
    reconnecting: t('chat.reconnecting'),
    statusFailed: t('errors.chatStatus'),
    answerFailures: {
      network: t('errors.network', markers('status')),
      networkNoAnswer: t('errors.networkNoAnswer'),
      expectedJson: t('errors.expectedJson'),
    },
    delete: t('chat.delete'),
    deleteMessageFrom: t('chat.deleteMessageFrom', markers('name')),
    mute: t('chat.mute'),
    muteAuthor: t('chat.muteAuthor', markers('name')),
    unmute: t('chat.unmute'),
    unmuteAuthor: t('chat.unmuteAuthor', markers('name')),
    moderationFailed: t('chat.moderationFailed'),
    settings: t('chat.settings'),
    settingChat: t('chat.settingChat'),
    settingOn: t('chat.settingOn'),
    settingOff: t('chat.settingOff'),
    settingAudience: t('chat.settingAudience'),
    audienceEveryone: t('chat.audienceEveryone'),
    audienceMembers: t('chat.audienceMembers'),
    saveSettings: t('chat.saveSettings'),
    opensInNewTab: t('common.opensInNewTab'),
    refusals,
  };
}
