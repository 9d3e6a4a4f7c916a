/**
 * Which pages of the static publication a write changes (docs/publishing.md "Kept current"):
 * decided from digests of what each published showcase's pages show, read before and after the
 * write (src/server/publish/showcaseDigests.ts), so a run renders those pages and no other.
 *
 * A showcase's `frame` covers what every page of it shows or depends on: the showcase, its
 * owner, which videos it holds and in what order, and what decides whether a stranger may
 * watch each (privacy, rating, status). Each video's own digest covers what only its pages and
 * the showcase's lists show: its title, pictures, files, captions, live event. A changed frame
 * republishes every page of the showcase; a changed video republishes its own pages and the
 * showcase's lists (grid pages, feeds, oEmbed of the showcase), and the sitemap, which names
 * every video. The pages that list showcases (the home page, the site map) show each one's
 * name and cover: they are republished when a frame or a `cover` changed, or a showcase came
 * or went.
 */

/** What the pages of one published showcase show, digested. */
export interface ShowcaseDigest {
  frame: string;
  /** The pictures its cover may be taken from. */
  cover: string;
  /** Per video the showcase holds, by id. */
  videos: Readonly<Record<number, string>>;
}

export type PublishDigests = ReadonlyMap<number, ShowcaseDigest>;

/** What a change republishes of one showcase: every page, or those of some of its videos. */
type ShowcaseRepublish = 'all' | ReadonlySet<number>;

export interface RepublishScope {
  /** The home page and the site map (sitemap.xml and robots.txt go with any change). */
  listings: boolean;
  showcases: ReadonlyMap<number, ShowcaseRepublish>;
}

/**
 * Tables whose rows the digests cover (the page-change triggers name the table written,
 * drizzle/0007_page_invalidation.sql): a write to any other table, or a change that may have
 * been missed, republishes the whole site.
 */
const DIGESTED_TABLES: ReadonlySet<string> = new Set([
  'users',
  'showcases',
  'showcase_videos',
  'videos',
  'video_pictures',
  'video_files',
  'text_tracks',
  'live_events',
  'live_broadcasts',
  'chat_rooms',
  'stock_clips',
  'stock_clip_qualities',
]);

/** Whether writes to `tables` (undefined: unknown, changes may have been missed) are all digested. */
export function digestsCover(tables: Iterable<string | undefined>): boolean {
  for (const table of tables) if (table === undefined || !DIGESTED_TABLES.has(table)) return false;
  return true;
}

/**
 * What to render again after the digests went from `before` to `after`. `home` is the
 * showcase the home page shows in place of the list (HOME_SHOWCASE_ID), if any: any change of
 * it changes the home page.
 */
export function republishScope(
  before: PublishDigests,
  after: PublishDigests,
  home: number | null = null,
): RepublishScope {
  const showcases = new Map<number, ShowcaseRepublish>();
  let listings = [...before.keys()].some((id) => !after.has(id));
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was || was.frame !== now.frame) {
      showcases.set(id, 'all');
      listings = true;
      continue;
    }
    if (was.cover !== now.cover) listings = true;
    const videos = Object.keys(now.videos)
      .map(Number)
      .filter((videoId) => was.videos[videoId] !== now.videos[videoId]);
    if (videos.length > 0) showcases.set(id, new Set(videos));
  }
  if (home !== null && showcases.has(home)) listings = true;
  return { listings, showcases };
}
