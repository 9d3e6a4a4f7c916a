/**
 * The chat panel's composer: whether it is open for this viewer and, when not, why (the
 * room's state, their account, a mute, the audience), what a refused post means for it,
 * and the characters left that it shows near the limit. The server decides every post;
 * this only keeps what the viewer sees in step with it.
 */
import { CHAT_MESSAGE_MAX_CHARACTERS } from './chatMessage.ts';
import type { ChatRefusal, ChatStatusJson } from './chatWire.ts';
import { jsonFailureMessage, type JsonFailure, type JsonFailureStrings } from './jsonAnswer.ts';

/** SPEC §9: "Chat poll 4 s" (GET /live_chat/{roomId}/status). */
export const CHAT_STATUS_POLL_MS = 4_000;

/** SPEC §8: what a failed status poll logs before it is ignored. */
export const CHAT_STATUS_POLL_FAILED = 'Failed to fetch chat status data.';

/**
 * The line the panel shows while its status poll fails (SPEC §8): 'Failed to fetch chat status
 * data.' and why, when the answer said (null: JSON that was no room state).
 */
export function statusPollProblem(
  failure: JsonFailure | null,
  statusFailed: string,
  reasons: JsonFailureStrings,
): string {
  return failure ? `${statusFailed} ${jsonFailureMessage(failure, reasons)}` : statusFailed;
}

/** SPEC §9: "message input throttle 50 ms". */
export const MESSAGE_INPUT_THROTTLE_MS = 50;

/** The characters-left count appears from this many left. */
const REMAINING_SHOWN_FROM = 50;

/** Refusals that hold until something changes (the room, a mute, the session), not only for the message refused. */
export type StandingRefusal = Extract<
  ChatRefusal,
  'sign_in' | 'muted' | 'members_only' | 'no_access' | 'unknown_room' | 'chat_off'
>;

const STANDING: ReadonlySet<ChatRefusal> = new Set<StandingRefusal>([
  'sign_in',
  'muted',
  'members_only',
  'no_access',
  'unknown_room',
  'chat_off',
]);

export function isStandingRefusal(code: ChatRefusal): code is StandingRefusal {
  return STANDING.has(code);
}

export interface ComposerFacts {
  signedIn: boolean;
  moderator: boolean;
  /** The room as last heard of (the page, the status poll, the event stream). */
  status: ChatStatusJson;
  /** What last kept this viewer from posting: the page's answer, a mute, a refused post. */
  refusal: ChatRefusal | null;
}

/** 'open', or why the composer is closed. */
export function composerGate({
  signedIn,
  moderator,
  status,
  refusal,
}: ComposerFacts): 'open' | StandingRefusal {
  if (!status.chatEnabled) return 'chat_off';
  if (!signedIn || refusal === 'sign_in') return 'sign_in';
  if (moderator) return 'open';
  if (refusal === 'muted' || refusal === 'no_access' || refusal === 'unknown_room') return refusal;
  // Opening the room to everyone lets a viewer who was not a member in.
  if (refusal === 'members_only' && status.audience === 'members') return 'members_only';
  return 'open';
}

/** The viewer's refusal once a moderator muted or unmuted them. */
export function refusalAfterMute(refusal: ChatRefusal | null, muted: boolean): ChatRefusal | null {
  if (muted) return 'muted';
  return refusal === 'muted' ? null : refusal;
}

/** Characters left, counted as the field's maxlength counts them. */
export function remainingCharacters(text: string): number {
  return CHAT_MESSAGE_MAX_CHARACTERS - text.length;
}

export function showsRemaining(remaining: number): boolean {
  return remaining <= REMAINING_SHOWN_FROM;
}

const REFUSALS: ReadonlySet<string> = new Set<ChatRefusal>([
  'empty',
  'too_long',
  'control_characters',
  'html',
  'forged_author',
  'sign_in',
  'muted',
  'members_only',
  'no_access',
  'unknown_room',
  'chat_off',
  'too_fast',
]);

/** The refusal an error answer names (`{ code }`), or null when it names none this panel knows. */
export function refusalOf(body: unknown): ChatRefusal | null {
  const code =
    typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && REFUSALS.has(code) ? (code as ChatRefusal) : null;
}

/** Whole seconds of a Retry-After header given in seconds; 1 when it is missing or unreadable. */
export function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
}
