/**
 * The optional message of a share (SPEC §5, §9: at most 4096 characters) and when Send may
 * be pressed (SPEC §4: a passed captcha and at least one e-mail). Characters are counted as
 * people see them, by code point, so an emoji is one.
 */
import { MAX_RECIPIENTS, type EmailChip } from './emailChips.ts';

export const SHARE_MESSAGE_MAX = 4096;

export function messageLength(message: string): number {
  let length = 0;
  for (const _ of message) length += 1;
  return length;
}

/** How many characters are over the limit; 0 within it. */
export function messageExcess(message: string): number {
  return Math.max(0, messageLength(message) - SHARE_MESSAGE_MAX);
}

export interface SendReadiness {
  chips: readonly EmailChip[];
  captchaPassed: boolean;
  message: string;
}

/** Send is pressable with a passed captcha, one or more recipients, all valid, and a message within the limit. */
export function canSend({ chips, captchaPassed, message }: SendReadiness): boolean {
  return (
    captchaPassed &&
    chips.length > 0 &&
    chips.length <= MAX_RECIPIENTS &&
    chips.every((chip) => chip.valid) &&
    messageExcess(message) === 0
  );
}
