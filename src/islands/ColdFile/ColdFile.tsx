/**
 * A cold (archived) file in the download modal (SPEC §4 "Cold source file"): Fetch opens the
 * warning with a confirm link; confirming GETs the cold file link and shows "We're on it",
 * or the error inline. Server-rendered as a <details> whose confirm link is the plain
 * cold file link, so it works without JavaScript too.
 */
import { useState, type MouseEvent } from 'react';

export interface ColdFileStrings {
  /** The disclosure: 'Fetch'. */
  fetch: string;
  warning: string;
  /** The confirm link: 'Retrieve file'. */
  retrieve: string;
  onIt: string;
  onItBody: string;
  error: string;
}

export interface ColdFileProps {
  /** The cold file link: GET answers { is_defrosting }. */
  link: string;
  /** Retrieval was already asked for. */
  defrosting: boolean;
  strings: ColdFileStrings;
}

type State = 'idle' | 'asking' | 'defrosting' | 'failed';

export default function ColdFile({ link, defrosting, strings }: ColdFileProps) {
  const [state, setState] = useState<State>(defrosting ? 'defrosting' : 'idle');

  async function retrieve(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    setState('asking');
    try {
      const response = await fetch(link, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      });
      if (!response.ok) throw new Error(`cold file link answered ${response.status}`);
      const { is_defrosting: isDefrosting } = (await response.json()) as { is_defrosting: boolean };
      // Not archived any more: it came back meanwhile, and a fresh page links the file.
      if (!isDefrosting) window.location.reload();
      else setState('defrosting');
    } catch (error) {
      console.error('Vitrine: could not ask for the archived file', error);
      setState('failed');
    }
  }

  if (state === 'defrosting') {
    return (
      <div
        role="status"
        className="rounded-md border border-line bg-bg p-2 text-sm"
        data-testid="cold-on-it"
      >
        <p className="m-0 font-semibold">{strings.onIt}</p>
        <p className="m-0">{strings.onItBody}</p>
      </div>
    );
  }
  return (
    <details className="text-sm" data-testid="cold-file">
      <summary className="btn py-1 text-sm list-none">{strings.fetch}</summary>
      <div className="mt-2 flex flex-col gap-2">
        <p className="m-0">{strings.warning}</p>
        <a
          href={link}
          onClick={retrieve}
          aria-disabled={state === 'asking'}
          className="focus-ring self-start rounded-md font-semibold underline"
        >
          {strings.retrieve}
        </a>
        {state === 'failed' && (
          <p role="alert" className="m-0 text-[var(--danger)]">
            {strings.error}
          </p>
        )}
      </div>
    </details>
  );
}
