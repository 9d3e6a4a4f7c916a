/**
 * The SSO sign-in form of the sign-in screen (SPEC §2, §4, §5). Server-rendered as a GET
 * form to /auth0/connect that works without JavaScript (the consent box is `required`, and
 * the server refuses without it); once hydrated the button is disabled while the box is
 * unticked, including when it was unticked before hydration. The box starts ticked.
 */
import { useId, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';

export interface SignInFormStrings {
  /** 'Sign in with SSO'. */
  submit: string;
  /** SPEC §2 consent text. */
  consent: string;
  /** Label of the connection chooser (several connections only). */
  connection: string;
}

export interface SignInFormProps extends Omit<ComponentPropsWithoutRef<'form'>, 'action' | 'method'> {
  /** /auth0/connect, localized. */
  action: string;
  /** Where the viewer comes back to after signing in (prev_page). */
  prevPage: string;
  teamId: number;
  /** SPEC §2: with exactly one connection, the consent checkbox (and the server requires it). */
  requireConsent: boolean;
  /** With several connections, the ones to choose from. */
  connections?: { id: number; name: string }[];
  strings: SignInFormStrings;
}

export default function SignInForm({ action, prevPage, teamId, requireConsent, connections = [], strings, ...props }: SignInFormProps) {
  const [consented, setConsented] = useState(true);
  const consentBox = useRef<HTMLInputElement>(null);
  // A viewer may untick the box before the script arrives: start from what the page shows.
  useLayoutEffect(() => {
    if (consentBox.current) setConsented(consentBox.current.checked);
  }, []);
  const id = useId();
  const blocked = requireConsent && !consented;
  return (
    <form {...props} method="get" action={action} data-state={blocked ? 'blocked' : 'ready'} className="flex flex-col gap-4 text-left">
      <input type="hidden" name="prev_page" value={prevPage} />
      <input type="hidden" name="team_id" value={teamId} />
      {connections.length > 1 && (
        <label className="flex flex-col gap-1 font-semibold" htmlFor={`${id}-connection`}>
          {strings.connection}
          <select id={`${id}-connection`} name="connection" required className="focus-ring rounded-md border border-line bg-bg px-3 py-2 font-normal text-ink">
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {requireConsent && (
        <div className="flex items-start gap-2 text-sm">
          <input
            ref={consentBox}
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            value="1"
            required
            checked={consented}
            onChange={(event) => setConsented(event.currentTarget.checked)}
            className="focus-ring mt-0.5 h-4 w-4 shrink-0 accent-[var(--brand)]"
          />
          <label htmlFor={`${id}-consent`} className="text-muted">
            {strings.consent}
          </label>
        </div>
      )}
      <button type="submit" className="btn-brand w-full" disabled={blocked}>
        {strings.submit}
      </button>
    </form>
  );
}
