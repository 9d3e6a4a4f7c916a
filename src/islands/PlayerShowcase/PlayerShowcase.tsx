/**
 * The player showcase (SPEC §2, §4): a title card with 'Start watching', the embedded
 * player with previous, next and stop, the row of the showcase's videos and 'Load more'.
 * Server-rendered as links that work without JavaScript (each video opens its video view,
 * 'Load more' is ?page=n+1); once hydrated, videos play in place. Next wraps last to first,
 * previous first to last (the last of the whole showcase, its pages loaded if need be), stop returns to the title card, and under continuous play the
 * frame's PLAYER_ENDED moves on (src/lib/playerMessages.ts). Videos this viewer may not
 * watch stay in the row, locked, and the player passes over them. Contributor and Viewer
 * roles play videos in place but get no links to the video views (SPEC §6).
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type MouseEvent,
} from 'react';
import { apiQuery, type CarriedQuery } from '../../lib/carriedQuery.ts';
import { appAddress, currentPage } from '../../lib/appAddress.ts';
import { autolink } from '../../lib/autolink.ts';
import { cardImage, TITLE_CARD_SIZES } from '../../lib/cardImage.ts';
import { fillMessage } from '../../lib/messageTemplate.ts';
import { listenForPlayerEnded } from '../../lib/playerMessages.ts';
import {
  afterPlayerEnded,
  listUrlToReplace,
  playerNext,
  playerPrevious,
  type PlayerStep,
} from '../../lib/videoNavigation.ts';
import {
  continuousPlay,
  currentVideo,
  playVideo,
  setContinuousPlay,
  stopVideo,
} from '../../stores/player.ts';
import { useSignal } from '../../stores/useSignal.ts';
import { LockedPicture } from '../LockedVideo/LockedPicture.tsx';
import {
  toPlayerItem,
  type ItemTemplates,
  type PlayerItem,
  type PlayerLock,
  type VideoLike,
} from './playerItem.ts';

interface PlayerShowcaseStrings extends ItemTemplates {
  startWatching: string;
  loadMore: string;
  loading: string;
  /** Shown when 'Load more' fails. */
  loadError: string;
  stop: string;
  previousVideo: string;
  nextVideo: string;
  nowPlaying: string;
  videosHeading: string;
  autoplayNext: string;
  /** 'Video player: {name}'. */
  playerFrame: string;
  empty: string;
}

export interface PlayerShowcaseProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  albumId: number;
  /** '' for English, else '/{locale}'. */
  localePrefix: string;
  /** The showcase's name and description for the title card. */
  title: string;
  description: string;
  /** Videos of pages 1 to `page`, already shaped for the player. */
  videos: PlayerItem[];
  page: number;
  pageCount: number;
  perPage: number;
  /** ?page=n+1, for 'Load more' without JavaScript; null on the last page. */
  loadMoreHref: string | null;
  /** The address's carried query: the share hash goes to the frames, the API and the video views; referrer and is_embed to the API and the video views. */
  carried: CarriedQuery;
  /** The album allows continuous play (SPEC §3 allowContinuousPlay). */
  allowContinuousPlay: boolean;
  /** Titles link to their video views (SPEC §6: not for Contributor and Viewer). */
  linkTitles: boolean;
  /** Offsite or embedded, links open a new tab (SPEC §6). */
  newTab: boolean;
  /** The showcase address, localized: where the filter page comes back to. */
  returnTo: string;
  strings: PlayerShowcaseStrings;
}

interface VideosPage {
  data: VideoLike[];
  page: number;
}

export default function PlayerShowcase({
  albumId,
  localePrefix,
  title,
  description,
  videos: initialVideos,
  page: initialPage,
  pageCount,
  perPage,
  loadMoreHref,
  carried,
  allowContinuousPlay,
  linkTitles,
  newTab,
  returnTo,
  strings,
  ...props
}: PlayerShowcaseProps) {
  const [videos, setVideos] = useState(initialVideos);
  const [page, setPage] = useState(initialPage);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const current = useSignal(currentVideo);
  const continuousOn = useSignal(continuousPlay);
  const nowPlayingHeading = useRef<HTMLHeadingElement>(null);
  const startLink = useRef<HTMLAnchorElement>(null);
  const rowList = useRef<HTMLUListElement>(null);
  // Where focus goes after the next render: the player's heading, the title card's link or
  // a video of the row (by index: the first one 'Load more' added).
  const focusAfterRender = useRef<'player' | 'titleCard' | number | null>(null);

  const hasMore = page < pageCount;
  // What the player plays, in order: every loaded video this viewer may watch.
  const queue = videos.filter((v) => v.lock === null);
  const index = current ? queue.findIndex((v) => v.id === current.id) : -1;
  const playing = index >= 0 ? queue[index]! : null;

  useEffect(() => {
    const wish = focusAfterRender.current;
    const target =
      wish === 'player'
        ? nowPlayingHeading.current
        : wish === 'titleCard'
          ? startLink.current
          : typeof wish === 'number'
            ? rowList.current
                ?.querySelectorAll<HTMLElement>('li')
                [wish]?.querySelector<HTMLElement>('a, button')
            : null;
    // The wish stays until its element is there: a render in between (hydration finishing
    // after a click made before it) must not use it up.
    if (!target) return;
    target.focus();
    focusAfterRender.current = null;
  });

  const play = useCallback((video: PlayerItem, moveFocus: boolean) => {
    if (moveFocus) focusAfterRender.current = 'player';
    playVideo({ id: video.id, name: video.name });
  }, []);

  /**
   * Appends the pages after the loaded ones up to `last`; resolves to the videos now loaded
   * (unchanged on failure).
   */
  const loadThrough = useCallback(
    async (last: number): Promise<PlayerItem[]> => {
      setLoading(true);
      setLoadError(false);
      try {
        const context = {
          albumId,
          localePrefix,
          continuousPlay: allowContinuousPlay,
          carried,
          templates: strings,
          returnTo,
        };
        const pages = await Promise.all(
          Array.from({ length: last - page }, async (_, i) => {
            const searchParams = new URLSearchParams({
              ...apiQuery(carried),
              page: String(page + 1 + i),
              per_page: String(perPage),
            });
            const address = appAddress(
              `/api/albums/${albumId}/videos?${searchParams}`,
              currentPage(),
            );
            const response = await fetch(address, {
              headers: { Accept: 'application/vnd.vimeo.video;version=3.4.9' },
              credentials: 'same-origin',
            });
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            return ((await response.json()) as VideosPage).data;
          }),
        );
        const added = pages
          .flat()
          .map((v) => toPlayerItem(v, context))
          .filter((v): v is PlayerItem => v !== null);
        const loaded = [...videos];
        for (const video of added) if (!loaded.some((v) => v.id === video.id)) loaded.push(video);
        setVideos(loaded);
        setPage(last);
        // SPEC §2: the list URL carries ?page={n}, by history replace.
        const replaced = listUrlToReplace(window.location.href, last, 'player');
        if (replaced) window.history.replaceState(window.history.state, '', replaced);
        return loaded;
      } catch (cause) {
        console.error('Vitrine: could not load more videos', cause);
        setLoadError(true);
        return videos;
      } finally {
        setLoading(false);
      }
    },
    [albumId, allowContinuousPlay, carried, localePrefix, page, perPage, returnTo, strings, videos],
  );

  const step = useCallback(
    async (next: PlayerStep | null) => {
      if (!next) return;
      if (next.kind === 'play') {
        const video = queue[next.index];
        if (video) play(video, false);
        return;
      }
      // A button stays focusable while a page loads (a disabled one would drop the focus);
      // a second press waits for the first.
      if (loading) return;
      if (next.kind === 'loadRest') {
        // SPEC §4: previous from the first goes to the last video of the whole showcase.
        const loaded = await loadThrough(pageCount);
        const last = loaded.findLast((v) => v.lock === null);
        if (last) play(last, false);
        return;
      }
      const before = videos.length;
      const loaded = await loadThrough(page + 1);
      const first =
        loaded.slice(before).find((v) => v.lock === null) ?? loaded.find((v) => v.lock === null);
      if (first) play(first, false);
    },
    [loadThrough, loading, page, pageCount, play, queue, videos.length],
  );

  const onEnded = useCallback(() => {
    void step(afterPlayerEnded(index, queue.length, hasMore, allowContinuousPlay && continuousOn));
  }, [allowContinuousPlay, continuousOn, hasMore, index, queue.length, step]);

  function start(event: MouseEvent<HTMLElement>, video: PlayerItem) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    play(video, true);
  }

  async function onLoadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    if (loading) return;
    const before = videos.length;
    const loaded = await loadThrough(page + 1);
    // Keyboard users land on the first new video rather than at the top of the page.
    if (loaded.length > before) focusAfterRender.current = before;
  }

  function stop() {
    focusAfterRender.current = 'titleCard';
    stopVideo();
  }

  const first = queue[0];
  const titleCardPicture = videos[0]?.thumbnail;
  const linkTarget = newTab ? { target: '_blank', rel: 'noopener' } : {};

  return (
    <div {...props} className="mx-auto max-w-[1600px] px-4 pb-8">
      <section aria-labelledby="player-showcase-title" className="mx-auto max-w-[1280px] pt-6">
        {playing ? (
          <>
            <h1 id="player-showcase-title" className="m-0 text-lg font-semibold text-muted">
              {title}
            </h1>
            <h2
              ref={nowPlayingHeading}
              tabIndex={-1}
              className="m-0 mt-1 text-2xl font-bold outline-none"
              data-testid="now-playing"
            >
              <span className="sr-only">{strings.nowPlaying}: </span>
              {playing.name}
            </h2>
            <PlayerFrame
              key={playing.id}
              video={playing}
              label={fillMessage(strings.playerFrame, { name: playing.name })}
              onEnded={onEnded}
            />
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="btn aria-disabled:opacity-50"
                aria-disabled={loading || undefined}
                onClick={() => void step(playerPrevious(index, queue.length, hasMore))}
              >
                <span aria-hidden="true">←</span> {strings.previousVideo}
              </button>
              <button type="button" className="btn" onClick={stop}>
                <span aria-hidden="true">■</span> {strings.stop}
              </button>
              <button
                type="button"
                className="btn aria-disabled:opacity-50"
                aria-disabled={loading || undefined}
                onClick={() => void step(playerNext(index, queue.length, hasMore))}
              >
                {strings.nextVideo} <span aria-hidden="true">→</span>
              </button>
              {allowContinuousPlay && (
                <label className="ml-auto inline-flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="focus-ring size-4 accent-brand"
                    checked={continuousOn}
                    onChange={(e) => setContinuousPlay(e.currentTarget.checked)}
                  />
                  {strings.autoplayNext}
                </label>
              )}
            </div>
          </>
        ) : (
          <div
            className="relative overflow-hidden rounded-xl border border-line bg-surface"
            data-testid="title-card"
          >
            {titleCardPicture && (
              <img
                src={titleCardPicture.src}
                srcSet={titleCardPicture.srcset}
                sizes={TITLE_CARD_SIZES}
                width={titleCardPicture.width}
                height={titleCardPicture.height}
                alt=""
                loading="eager"
                fetchPriority="high"
                className="absolute inset-0 h-full w-full object-cover opacity-15"
              />
            )}
            <div className="relative flex min-h-[clamp(14rem,40vw,28rem)] flex-col items-start justify-end gap-4 p-6 sm:p-10">
              <h1
                id="player-showcase-title"
                className="m-0 text-3xl font-bold leading-tight sm:text-4xl"
              >
                {title}
              </h1>
              {description && <DescriptionText text={description} />}
              {first ? (
                <a
                  ref={startLink}
                  href={first.href}
                  className="btn-brand px-6 py-3 text-lg no-underline"
                  onClick={(e) => start(e, first)}
                >
                  <span aria-hidden="true">▶</span> {strings.startWatching}
                </a>
              ) : (
                videos.length === 0 && <p className="m-0 text-xl font-semibold">{strings.empty}</p>
              )}
            </div>
          </div>
        )}
      </section>

      {videos.length > 0 && (
        <section aria-labelledby="player-showcase-row" className="mt-8">
          <h2 id="player-showcase-row" className="m-0 mb-3 text-xl font-semibold">
            {strings.videosHeading}
          </h2>
          <ul
            ref={rowList}
            className="m-0 grid list-none gap-4 p-0 grid-cols-[repeat(auto-fill,minmax(200px,1fr))]"
          >
            {videos.map((video, i) => {
              const isCurrent = playing?.id === video.id;
              return (
                <li key={video.id} data-locked={video.lock?.kind}>
                  {video.lock ? (
                    <LockedRowItem video={video} lock={video.lock} linkTarget={linkTarget} />
                  ) : linkTitles ? (
                    <a
                      href={video.href}
                      data-video={video.id}
                      aria-current={isCurrent ? 'true' : undefined}
                      onClick={(e) => start(e, video)}
                      className="focus-ring group flex flex-col gap-2 rounded-lg no-underline"
                    >
                      <RowItemContent
                        video={video}
                        index={i}
                        isCurrent={isCurrent}
                        nowPlaying={strings.nowPlaying}
                      />
                    </a>
                  ) : (
                    <button
                      type="button"
                      data-video={video.id}
                      aria-current={isCurrent ? 'true' : undefined}
                      onClick={(e) => start(e, video)}
                      className="focus-ring group flex w-full flex-col gap-2 rounded-lg border-0 bg-transparent p-0 text-left text-ink"
                    >
                      <RowItemContent
                        video={video}
                        index={i}
                        isCurrent={isCurrent}
                        nowPlaying={strings.nowPlaying}
                      />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {hasMore && loadMoreHref && (
            <p className="m-0 mt-6 flex flex-col items-center gap-2">
              <a
                href={loadMoreHref}
                className="btn no-underline"
                aria-disabled={loading || undefined}
                onClick={(e) => void onLoadMore(e)}
              >
                {loading ? strings.loading : strings.loadMore}
              </a>
              {loadError && (
                <span role="alert" className="text-sm">
                  {strings.loadError}
                </span>
              )}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

/** A video's picture, duration, title and 'Now playing' in the row. */
function RowItemContent({
  video,
  index,
  isCurrent,
  nowPlaying,
}: {
  video: PlayerItem;
  index: number;
  isCurrent: boolean;
  nowPlaying: string;
}) {
  const loading = cardImage(index, 'row', { belowHero: true });
  return (
    <>
      <span
        className={`relative block aspect-video overflow-hidden rounded-lg bg-bg ${isCurrent ? 'outline-3 outline-solid outline-brand' : ''}`}
      >
        {video.thumbnail && (
          <img
            src={video.thumbnail.src}
            srcSet={video.thumbnail.srcset}
            sizes={loading.sizes}
            width={video.thumbnail.width}
            height={video.thumbnail.height}
            alt=""
            loading={loading.loading}
            fetchPriority={loading.fetchpriority}
            decoding={loading.decoding}
            className="h-full w-full object-cover"
          />
        )}
        <span className="absolute bottom-1.5 right-1.5 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
          {video.durationWords.before && (
            <span className="sr-only">{video.durationWords.before}</span>
          )}
          <span>{video.duration}</span>
          {video.durationWords.after && (
            <span className="sr-only">{video.durationWords.after}</span>
          )}
        </span>
      </span>
      <span className="font-semibold leading-snug group-hover:underline">{video.name}</span>
      {isCurrent && <span className="text-sm text-muted">{nowPlaying}</span>}
    </>
  );
}

/** A video of the row this viewer may not watch: its rating and what would open it, no picture. */
function LockedRowItem({
  video,
  lock,
  linkTarget,
}: {
  video: PlayerItem;
  lock: PlayerLock;
  linkTarget: { target?: string; rel?: string };
}) {
  return (
    <div className="flex flex-col gap-2">
      <LockedPicture rating={lock.rating} className="bg-bg" />
      <span className="font-semibold leading-snug">{video.name}</span>
      <a
        href={lock.href}
        {...linkTarget}
        className="focus-ring rounded-sm text-sm font-semibold underline underline-offset-2"
      >
        {lock.action}
      </a>
    </div>
  );
}

function DescriptionText({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return (
    <div className="max-w-3xl text-muted">
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="m-0 mt-2 whitespace-pre-line first:mt-0">
          {autolink(paragraph).map((segment, j) =>
            segment.kind === 'link' ? (
              <a
                key={j}
                href={segment.href}
                rel="noopener nofollow ugc"
                className="focus-ring rounded-sm underline"
              >
                {segment.text}
              </a>
            ) : (
              segment.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}

interface PlayerFrameProps {
  video: PlayerItem;
  label: string;
  onEnded: () => void;
}

/** The player frame of one video; a new video gets a new frame (no history entry per video). */
function PlayerFrame({ video, label, onEnded }: PlayerFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  }, [onEnded]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    return listenForPlayerEnded(window, element, () => ended.current());
  }, []);
  return (
    <div className="mt-3 aspect-video overflow-hidden rounded-lg bg-black">
      <iframe
        ref={frame}
        src={video.frameSrc}
        title={label}
        allow="autoplay; fullscreen; picture-in-picture"
        className="block h-full w-full border-0"
      />
    </div>
  );
}
