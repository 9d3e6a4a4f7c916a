/**
 * The showcase password form (SPEC §2, §4, §5). Server-rendered as a plain form that posts
 * to /showcase/{id}/auth; once hydrated it submits in place: busy disables the inputs, a
 * wrong answer shows the error, editing clears it, success reloads into the showcase.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import ky, { HTTPError } from 'ky';

export interface PasswordFormStrings {
  label: string;
  placeholder: string;
  submit: string;
  wrong: string;
  failed: string;
}

export interface PasswordFormProps {
  /** POST target: /showcase/{albumId}/auth. */
  action: string;
  /** CSRF token sent as `token` (SPEC §7). */
  token: string;
  /** Where the server sends a browser without JavaScript after a right password. */
  refererUrl: string;
  strings: PasswordFormStrings;
  /** The server already judged a submitted password wrong (access state 1). */
  initiallyWrong?: boolean;
}

interface AuthReply {
  password: boolean;
  error_code: number | null;
  message?: string;
}

export default function PasswordForm({ action, token, refererUrl, strings, initiallyWrong = false }: PasswordFormProps) {
  // One state, so the error and the re-enabled form always arrive in the same render.
  const [{ busy, error }, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: initiallyWrong ? strings.wrong : null });
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    setState({ busy: true, error: null });
    let error: string;
    try {
      const reply = await ky.post(action, { body, headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' }, retry: 0 }).json<AuthReply>();
      if (reply.password && reply.error_code === null) {
        window.location.reload();
        return;
      }
      error = strings.wrong;
    } catch (cause) {
      // ky has read the error body already: its parsed JSON is on the error.
      const reply = cause instanceof HTTPError && cause.data && typeof cause.data === 'object' ? (cause.data as AuthReply) : null;
      error = reply?.message ?? (reply?.password === false ? strings.wrong : strings.failed);
    }
    setState({ busy: false, error });
    requestAnimationFrame(() => input.current?.focus());
  }

  return (
    <form method="post" action={action} onSubmit={submit} className="flex flex-col gap-3" aria-busy={busy}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="referer_url" value={refererUrl} />
      <fieldset disabled={busy} className="m-0 flex flex-col gap-3 border-0 p-0">
        <label className="sr-only" htmlFor={`${errorId}-password`}>
          {strings.label}
        </label>
        <input
          ref={input}
          id={`${errorId}-password`}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          placeholder={strings.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => setState((state) => (state.error ? { ...state, error: null } : state))}
          className="focus-ring rounded-md border border-line bg-bg px-3 py-2 text-ink"
        />
        {error && (
          <p id={errorId} role="alert" className="m-0 text-sm text-[var(--danger)]">
            {error}
          </p>
        )}
        <button type="submit" className="btn-brand">
          {strings.submit}
        </button>
      </fieldset>
    </form>
  );
}
