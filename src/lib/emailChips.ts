/**
 * The recipients field of the share dialog (SPEC §5 "Share by e-mail"): what the viewer types
 * becomes chips, split on commas and trimmed, each checked against the standard e-mail
 * pattern. The dialog, the no-JavaScript share page and the server all decide with these.
 */

/** The e-mail pattern of HTML's `input type=email` (WHATWG), the standard browsers apply. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** RFC 5321's limit on a forward path. */
const MAX_EMAIL_LENGTH = 254;

/**
 * Recipients of one share: the hourly allowance of one sender (src/server/rateLimit/limits.ts
 * shareEmail), so a single send can never be refused halfway by the rate limit.
 */
export const MAX_RECIPIENTS = 20;

/** Keys that turn what was typed into chips (blur does too). */
const CHIP_KEYS = new Set([',', ' ', 'Tab', 'Enter']);

export interface EmailChip {
  email: string;
  valid: boolean;
}

/**
 * A domain mail can be delivered to across the internet ends in a top-level domain: letters,
 * or an internationalised one's `xn--` form. `localhost`, a single label or an address
 * (`a@127.0.0.1`) passes the form's pattern but reaches no one.
 */
const DELIVERABLE_DOMAIN = /\.(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9-]{1,59})$/;

export function isValidEmail(email: string): boolean {
  return (
    email.length <= MAX_EMAIL_LENGTH &&
    EMAIL_PATTERN.test(email) &&
    DELIVERABLE_DOMAIN.test(email.slice(email.lastIndexOf('@')))
  );
}

/** Splits on commas and trims; empty pieces are dropped. */
export function splitEmails(raw: string): string[] {
  return raw
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
}

export function isChipKey(key: string): boolean {
  return CHIP_KEYS.has(key);
}

/** A comma or space typed into an empty field adds nothing: a chip never starts with one. */
export function refusesLeadingSeparator(input: string, key: string): boolean {
  return (key === ',' || key === ' ') && input.trim() === '';
}

/**
 * Adds what was typed (one address or several, comma-separated) to the chips. An address
 * already there is not added twice. Returns the chips and what stays in the field: nothing.
 */
export function addChips(chips: readonly EmailChip[], typed: string): EmailChip[] {
  const known = new Set(chips.map((chip) => chip.email.toLowerCase()));
  const added: EmailChip[] = [];
  for (const email of splitEmails(typed.replace(/\s+/g, ','))) {
    if (known.has(email.toLowerCase())) continue;
    known.add(email.toLowerCase());
    added.push({ email, valid: isValidEmail(email) });
  }
  return [...chips, ...added];
}

export function removeChip(chips: readonly EmailChip[], email: string): EmailChip[] {
  return chips.filter((chip) => chip.email !== email);
}

/** The chips as the request sends them (SPEC §3 `user_emails`). */
export function joinEmails(chips: readonly EmailChip[]): string {
  return chips.map((chip) => chip.email).join(',');
}
