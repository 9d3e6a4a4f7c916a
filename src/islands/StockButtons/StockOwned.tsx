/**
 * A clip that is the viewer's: "Owned in HD/4K", its download and the way to all their clips,
 * in place of the buttons that would add it again. The server renders it as plain HTML for a
 * clip owned already; StockButtons shows it once Add to account succeeds.
 */
import { useEffect, useRef } from 'react';

export interface StockOwnedProps {
  /** 'Owned in HD' */
  label: string;
  /** The signed path that downloads the owned file; null when no file is at hand. */
  download: string | null;
  /** 'Download' */
  downloadLabel: string;
  /** The clip's title, which completes the download link's name for screen readers. */
  title: string;
  /** Manage Clips: /stock/clips, localized. */
  clipsHref: string;
  /** 'Your clips' */
  clipsLabel: string;
  /** Takes the focus from the button that was pressed and is gone (an add made in place). */
  takeFocus?: boolean;
}

export default function StockOwned({
  label,
  download,
  downloadLabel,
  title,
  clipsHref,
  clipsLabel,
  takeFocus = false,
}: StockOwnedProps) {
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (takeFocus) first.current?.focus();
  }, [takeFocus]);
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="stock-owned">
      <span className="rounded-sm border border-line px-2 py-1 text-sm font-semibold">{label}</span>
      {download && (
        <a ref={first} className="btn-brand no-underline" href={download} download>
          {downloadLabel}
          <span className="sr-only">: {title}</span>
        </a>
      )}
      <a
        ref={download ? undefined : first}
        href={clipsHref}
        className="focus-ring rounded-sm text-sm"
      >
        {clipsLabel}
      </a>
    </div>
  );
}
