/** The neutral picture of a locked video in an island: a lock and its rating, never its thumbnail. */
export function LockedPicture({ rating, className = '' }: { rating: string; className?: string }) {
  return (
    <span
      className={`relative flex aspect-video items-center justify-center rounded-lg border border-line text-muted ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="32"
        height="32"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </svg>
      <span className="absolute left-1.5 top-1.5 rounded bg-black/80 px-1.5 py-0.5 text-xs font-bold text-white">
        {rating}
      </span>
    </span>
  );
}
