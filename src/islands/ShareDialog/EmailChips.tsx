/**
 * The recipients of a share as chips (SPEC §5): what is typed becomes a chip on comma,
 * space, Tab, Enter or leaving the field; a leading comma or space is refused; each chip says
 * whether it is a valid address. Backspace in the empty field takes back the last chip.
 */
import { useState, type KeyboardEvent } from 'react';
import {
  addChips,
  isChipKey,
  refusesLeadingSeparator,
  removeChip,
  type EmailChip,
} from '../../lib/emailChips.ts';
import { fill, type ShareStrings } from './shareStrings.ts';

interface EmailChipsProps {
  id: string;
  chips: readonly EmailChip[];
  onChange: (chips: EmailChip[]) => void;
  strings: ShareStrings;
}

export default function EmailChips({ id, chips, onChange, strings }: EmailChipsProps) {
  const [typed, setTyped] = useState('');

  const commit = (text: string) => {
    if (text.trim() !== '') onChange(addChips(chips, text));
    setTyped('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && typed === '' && chips.length > 0) {
      onChange(chips.slice(0, -1));
      return;
    }
    if (!isChipKey(event.key)) return;
    if (refusesLeadingSeparator(typed, event.key)) {
      event.preventDefault();
      return;
    }
    if (typed.trim() === '') return;
    // Tab still moves on; the other keys stay in the field for the next address.
    if (event.key !== 'Tab') event.preventDefault();
    commit(typed);
  };

  const onInput = (value: string) => {
    // A pasted list becomes chips at once, all but what follows the last comma.
    const cut = value.lastIndexOf(',');
    if (cut === -1) return setTyped(value);
    onChange(addChips(chips, value.slice(0, cut)));
    setTyped(value.slice(cut + 1).trimStart());
  };

  const invalidCount = chips.filter((chip) => !chip.valid).length;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-emails`} className="text-sm font-semibold">
        {strings.emailLabel}
      </label>
      <div
        className={[
          'flex flex-wrap items-center gap-1.5 rounded-md border border-line bg-bg p-1.5',
          'focus-within:outline-3 focus-within:outline-solid focus-within:outline-focus',
        ].join(' ')}
      >
        <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0">
          {chips.map((chip) => (
            <li
              key={chip.email}
              className={[
                'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm',
                chip.valid
                  ? 'border-line bg-surface'
                  : 'border-[var(--danger)] text-[var(--danger)]',
              ].join(' ')}
              data-invalid={chip.valid ? undefined : ''}
            >
              <span>{chip.email}</span>
              {!chip.valid && <span className="sr-only">{strings.invalidEmail}</span>}
              <button
                type="button"
                className="focus-ring cursor-pointer rounded-full border-0 bg-transparent px-1 text-current"
                aria-label={fill(strings.removeEmail, { email: chip.email })}
                onClick={() => onChange(removeChip(chips, chip.email))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={`${id}-emails`}
          type="text"
          inputMode="email"
          autoComplete="email"
          className="min-w-40 flex-1 border-0 bg-transparent p-1 text-ink outline-none"
          value={typed}
          aria-describedby={`${id}-emails-hint${invalidCount > 0 ? ` ${id}-emails-error` : ''}`}
          aria-invalid={invalidCount > 0 || undefined}
          onChange={(event) => onInput(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => commit(typed)}
        />
      </div>
      <p id={`${id}-emails-hint`} className="m-0 text-xs text-muted">
        {strings.emailHint}
      </p>
      {invalidCount > 0 && (
        <p id={`${id}-emails-error`} className="m-0 text-sm text-[var(--danger)]" role="alert">
          {strings.invalidEmail}:{' '}
          {chips
            .filter((chip) => !chip.valid)
            .map((chip) => chip.email)
            .join(', ')}
        </p>
      )}
    </div>
  );
}
