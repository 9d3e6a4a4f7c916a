/**
 * The live hero's changing part (SPEC §2 "Live hero", §4 live status, §9): the status badge
 * with how many watch beside it (where the owner shows it), the event's name and start, the countdown under 12 h, 'Starting soon...' at 900 s or less,
 * and 'Watch now' (on the air) or 'Watch'. Rendered on the server as it stands at that moment,
 * with a plain link; hydrated when a countdown must tick, when the first poll is due, or on the
 * first interaction (src/lib/liveHeroWake.ts), it ticks the countdown each second, polls
 * the status (useLiveStatus.ts) and, for 'Watch now', shows the 'Event is starting' splash for
 * 2 s before the video view plays the stream.
 *
 * Screen readers hear state changes only: the badge and 'Starting soon...' sit in a polite
 * live region, the ticking numbers in a timer, which is not announced.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { withQuery } from '../../lib/carriedQuery.ts';
import { truncateEventName } from '../../lib/eventName.ts';
import { formatEventStart } from '../../lib/eventStart.ts';
import { liveBadgeFor } from '../../lib/liveBadge.ts';
import { liveCountdown } from '../../lib/liveCountdown.ts';
import { fillMessage } from '../../lib/messageTemplate.ts';
import { fillPlural, type PluralTemplates } from '../../lib/pluralMessage.ts';
import { useLiveStatus, useNow } from './useLiveStatus.ts';

/** SPEC §9: "event-start splash 2 s". */
const EVENT_START_SPLASH_MS = 2_000;

export interface LiveStatusStrings {
  /** 'LIVE' */
  live: string;
  /** 'UPCOMING' */
  upcoming: string;
  watch: string;
  watchNow: string;
  /** 'Event is starting': the splash after Watch now. */
  eventStarting: string;
  /** 'Starting soon...' */
  startingSoon: string;
  /** 'Starts in': the countdown's name. */
  startsIn: string;
  hours: string;
  minutes: string;
  seconds: string;
  /** 'Starts {date}' */
  startsAt: string;
  /** 'Started {date}' */
  startedAt: string;
  /** 'Streamed {date}' */
  streamedAt: string;
  /** An upcoming event without a start time. */
  notScheduled: string;
  /** Announces a link that opens a new tab. */
  opensInNewTab: string;
  /** '{count} watching', beside LIVE where the owner shows it. */
  watching: PluralTemplates;
}

export interface LiveStatusProps {
  /** Prefix of the ids inside; `${id}-title` names the hero. */
  id: string;
  albumId: number;
  videoId: number;
  /** The share hash, referrer and is_embed the showcase's API calls pass on. */
  apiQuery: Readonly<Record<string, string>>;
  /** The event's whole name; the hero shows it cut at 60 characters. */
  name: string;
  status: string;
  /** The current or next occurrence's start (ISO), null when not scheduled. */
  startTime: string | null;
  /** The event's IANA time zone: its start is written in it. */
  timeZone: string;
  /** The start as the server wrote it (formatEventStart), so hydration finds the same text. */
  startDate: string | null;
  locale: string;
  /** Date.now() when the server rendered the page: the countdown's first reading. */
  renderedAt: number;
  /** The video view, localized, with the carried query; null where titles are not linked (SPEC §6). */
  href: string | null;
  /** Offsite or embedded, the link opens a new tab (SPEC §6), without the splash. */
  newTab: boolean;
  strings: LiveStatusStrings;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export default function LiveStatus(props: LiveStatusProps) {
  const { id, albumId, videoId, apiQuery, name, locale, renderedAt, href, newTab, strings } = props;
  const live = useLiveStatus(
    { albumId, videoId, apiQuery },
    { status: props.status, startTime: props.startTime, timeZone: props.timeZone, viewers: null },
    renderedAt,
  );
  const badge = liveBadgeFor(live.status);
  const streaming = live.status === 'streaming';
  const now = useNow(renderedAt, badge === 'upcoming' && live.startTime !== null);
  const countdown =
    badge === 'upcoming'
      ? liveCountdown(live.startTime, new Date(now))
      : ({ kind: 'none' } as const);
  const [splash, setSplash] = useState(false);
  const splashRef = useRef<HTMLDivElement>(null);

  // The server's words for the first start; a start the poll moved is written here alike.
  const startDate = useMemo(
    () =>
      live.startTime === props.startTime
        ? props.startDate
        : live.startTime &&
          formatEventStart(live.startTime, locale, live.timeZone ?? props.timeZone),
    [live.startTime, live.timeZone, locale, props.startTime, props.startDate, props.timeZone],
  );
  const dateTemplate = streaming
    ? strings.startedAt
    : badge === 'upcoming'
      ? strings.startsAt
      : strings.streamedAt;
  const dateLine = startDate
    ? fillMessage(dateTemplate, { date: startDate })
    : badge === 'upcoming'
      ? strings.notScheduled
      : null;
  const shownName = truncateEventName(name);
  const titleId = `${id}-title`;
  const startsInId = `${id}-starts-in`;

  useEffect(() => {
    if (!splash || !href) return;
    splashRef.current?.focus();
    const timer = setTimeout(
      () => location.assign(withQuery(href, { autoplay: '1' })),
      EVENT_START_SPLASH_MS,
    );
    return () => clearTimeout(timer);
  }, [splash, href]);

  function onWatch(event: MouseEvent<HTMLAnchorElement>) {
    if (!streaming || newTab || !isPlainClick(event)) return;
    event.preventDefault();
    setSplash(true);
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <p role="status" className="m-0 flex flex-wrap items-center gap-2">
          {badge && (
            <span
              data-testid="live-badge"
              className={`rounded px-1.5 py-0.5 text-xs font-bold text-white ${badge === 'live' ? 'bg-[#d0021b]' : 'bg-black/80'}`}
            >
              {badge === 'live' ? strings.live : strings.upcoming}
            </span>
          )}
          {countdown.kind === 'startingSoon' && (
            <span className="font-semibold">{strings.startingSoon}</span>
          )}
        </p>
        {/* Outside the live region: a count that changes every poll is not announced each time. */}
        {streaming && live.viewers !== null && (
          <span data-testid="live-viewers" className="text-sm font-semibold tabular-nums">
            {fillPlural(strings.watching, live.viewers)}
          </span>
        )}
      </div>
      <h2
        id={titleId}
        className="m-0 text-2xl font-bold leading-tight [overflow-wrap:anywhere]"
        title={shownName === name ? undefined : name}
      >
        {shownName === name ? (
          name
        ) : (
          <>
            <span aria-hidden="true">{shownName}</span>
            <span className="sr-only">{name}</span>
          </>
        )}
      </h2>
      {dateLine && (
        <p className="m-0 text-muted">
          {live.startTime && startDate ? (
            <time dateTime={live.startTime}>{dateLine}</time>
          ) : (
            dateLine
          )}
        </p>
      )}
      {countdown.kind === 'countdown' && (
        <div role="timer" aria-labelledby={startsInId} className="flex flex-col gap-1">
          <span id={startsInId} className="text-sm font-semibold text-muted">
            {strings.startsIn}
          </span>
          <span className="flex gap-2">
            {(
              [
                [countdown.hours, strings.hours],
                [countdown.minutes, strings.minutes],
                [countdown.seconds, strings.seconds],
              ] as const
            ).map(([value, unit]) => (
              <span
                key={unit}
                className="flex min-w-16 flex-col items-center rounded-md border border-line bg-bg px-2 py-1"
              >
                <span className="text-2xl font-bold tabular-nums">{pad2(value)}</span>
                <span className="text-xs text-muted">{unit}</span>
              </span>
            ))}
          </span>
        </div>
      )}
      {href && (
        <a
          href={href}
          className="btn-brand mt-1 no-underline"
          aria-describedby={titleId}
          target={newTab ? '_blank' : undefined}
          rel={newTab ? 'noopener' : undefined}
          onClick={onWatch}
        >
          {streaming ? strings.watchNow : strings.watch}
          {newTab && <span className="sr-only"> {strings.opensInNewTab}</span>}
        </a>
      )}
      <div
        ref={splashRef}
        role="status"
        tabIndex={splash ? -1 : undefined}
        data-testid="event-starting"
        className={
          splash
            ? 'focus-ring fixed inset-0 z-[9990] flex flex-col items-center justify-center gap-4 bg-black/90 p-6 text-center text-white'
            : 'sr-only'
        }
      >
        {splash && (
          <>
            <span
              aria-hidden="true"
              className="size-12 rounded-full border-4 border-solid border-white/30 border-t-white animate-spin motion-reduce:animate-none"
            />
            <p className="m-0 text-2xl font-bold">{strings.eventStarting}</p>
          </>
        )}
      </div>
    </div>
  );
}
