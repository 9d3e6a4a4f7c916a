/**
 * "Copy embed code" of the owner's Share menu (SPEC §2): the iframe code in a readonly
 * textarea and a Copy button that writes it to the clipboard, then says so in a live region.
 * Without JavaScript the textarea is still there to select and copy by hand.
 */
import { useState } from 'react';

interface CopyEmbedStrings {
  /** Label of the textarea: 'Embed code'. */
  embedCode: string;
  /** The button: 'Copy embed code'. */
  copy: string;
  /** The live message after copying: 'Embed code copied'. */
  copied: string;
}

export interface CopyEmbedProps {
  /** Unique on the page: the bar and the toolbar each have one. */
  id: string;
  code: string;
  strings: CopyEmbedStrings;
}

export default function CopyEmbed({ id, code, strings }: CopyEmbedProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (error) {
      console.error('Vitrine: could not copy the embed code', error);
      setCopied(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-code`} className="text-sm font-semibold">
        {strings.embedCode}
      </label>
      <textarea
        id={`${id}-code`}
        readOnly
        rows={4}
        value={code}
        className="focus-ring w-full resize-none rounded-md border border-line bg-bg p-2 font-mono text-xs text-ink"
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="btn py-1.5 text-sm" onClick={copy}>
        {strings.copy}
      </button>
      <p aria-live="polite" className="m-0 min-h-5 text-sm">
        {copied ? strings.copied : ''}
      </p>
    </div>
  );
}
