/**
 * Who may do what in a live chat. Reading follows the showcase's access (decided before
 * these rules apply); posting needs an account, an open room, the right audience and no
 * mute; the event's owner and the Admins of the owner's team moderate, and are never muted
 * nor kept out by the audience.
 */
import type { ChatAudience, ChatAuthor, ChatRefusal } from './chatWire.ts';
import type { TeamRole } from './domain.ts';
import { isOwnerOrAdmin } from './teamRole.ts';
import type { TranslationKey } from './translationKeys.ts';

export interface ChatPostFacts {
  mode: 'live' | 'replay';
  chatEnabled: boolean;
  audience: ChatAudience;
  signedIn: boolean;
  /** The viewer's role towards the event's owner: Owner for the owner, else their team membership. */
  role: TeamRole | null;
  muted: boolean;
}

export function canModerate(role: TeamRole | null): boolean {
  return isOwnerOrAdmin(role);
}

/** The badge beside an author's name: those who run the event are told apart. */
export function chatBadge(role: TeamRole | null): ChatAuthor['badge'] {
  if (role === 'Owner') return 'owner';
  return role === 'Admin' ? 'admin' : null;
}

/** Why this viewer may not post now; null when they may. */
export function chatPostRefusal({
  mode,
  chatEnabled,
  audience,
  signedIn,
  role,
  muted,
}: ChatPostFacts): ChatRefusal | null {
  // A replay's conversation is over: it is read, not added to.
  if (mode === 'replay' || !chatEnabled) return 'chat_off';
  if (!signedIn) return 'sign_in';
  if (canModerate(role)) return null;
  if (muted) return 'muted';
  if (audience === 'members' && role === null) return 'members_only';
  return null;
}

/** The HTTP status of each refusal. */
export const CHAT_REFUSAL_STATUS: Readonly<Record<ChatRefusal, 400 | 401 | 403 | 404 | 409 | 429>> =
  {
    empty: 400,
    too_long: 400,
    control_characters: 400,
    html: 400,
    forged_author: 400,
    sign_in: 401,
    muted: 403,
    members_only: 403,
    no_access: 403,
    unknown_room: 404,
    chat_off: 409,
    too_fast: 429,
  };

/** The translation key of each refusal's message (i18n/<locale>/chat.json). */
export const CHAT_REFUSAL_KEYS: Readonly<Record<ChatRefusal, TranslationKey>> = {
  empty: 'chat.errorEmpty',
  too_long: 'chat.errorTooLong',
  control_characters: 'chat.errorControlCharacters',
  html: 'chat.errorHtml',
  forged_author: 'chat.errorForgedAuthor',
  sign_in: 'chat.errorSignIn',
  muted: 'chat.errorMuted',
  members_only: 'chat.errorMembersOnly',
  no_access: 'chat.errorNoAccess',
  unknown_room: 'chat.errorUnknownRoom',
  chat_off: 'chat.errorChatOff',
  too_fast: 'chat.errorTooFast',
};
