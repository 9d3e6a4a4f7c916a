/**
 * What /watch shows a signed-in viewer: the newest videos of the showcases they follow or
 * have opened, each as the access path presents it to them today (a showcase they may no
 * longer open is left out, a video their filter locks shows locked), and those showcases.
 */
import type { AstroGlobal } from 'astro';
import type { Sort } from '../../lib/domain.ts';
import type { ViewerAbilities } from '../../lib/viewerAbilities.ts';
import { newestAcross } from '../../lib/watchList.ts';
import { openShowcase, showcaseViewerFrom } from '../access/showcaseAccess.ts';
import type { Db } from '../db/client.ts';
import { cachedListShowcaseVideos } from '../showcases/cachedReads.ts';
import type { VideoJson } from '../showcases/represent.ts';
import { watchedShowcases } from './showcaseFollows.ts';

/** The newest videos read of each showcase, and listed in all. */
const VIDEOS_A_SHOWCASE = 12;
const WATCH_VIDEO_LIMIT = 24;
const NEWEST: Sort = 'newest';

interface WatchShowcase {
  id: number;
  name: string;
  following: boolean;
}

interface WatchVideo {
  showcase: WatchShowcase;
  video: VideoJson;
  abilities: Pick<ViewerAbilities, 'linkTitles' | 'newTab'>;
}

export interface WatchPage {
  showcases: WatchShowcase[];
  videos: WatchVideo[];
}

interface Source {
  showcase: WatchShowcase;
  abilities: ViewerAbilities;
  videos: VideoJson[];
}

async function readSource(
  db: Db,
  astro: AstroGlobal,
  showcaseId: number,
  following: boolean,
): Promise<Source | null> {
  const access = await openShowcase(db, showcaseId, showcaseViewerFrom(astro, showcaseId));
  if (!access.open) return null;
  const { found, abilities, ageGate, present } = access.showcase;
  const showcase = { id: showcaseId, name: found.showcase.name, following };
  if (ageGate) return { showcase, abilities, videos: [] };
  const { items } = await cachedListShowcaseVideos(db, {
    showcaseId,
    sort: NEWEST,
    page: 1,
    perPage: VIDEOS_A_SHOWCASE,
    filter: found.showcase.hideUpcoming ? 'playable' : undefined,
  });
  return { showcase, abilities, videos: items.map(present) };
}

const videoId = (video: VideoJson) => Number(video.uri.split('/').at(-1));

export async function loadWatchPage(
  db: Db,
  astro: AstroGlobal,
  userId: number,
): Promise<WatchPage> {
  const watched = await watchedShowcases(db, userId);
  const sources = (
    await Promise.all(
      watched.map(({ showcaseId, following }) => readSource(db, astro, showcaseId, following)),
    )
  ).filter((source): source is Source => source !== null);
  const byId = new Map(sources.map((source) => [source.showcase.id, source]));
  const entries = newestAcross(
    sources.map(({ showcase, videos }) => ({ showcaseId: showcase.id, videos })),
    {
      timeOf: (video) => Date.parse(video.created_time),
      idOf: videoId,
      limit: WATCH_VIDEO_LIMIT,
    },
  );
  return {
    showcases: sources.map((source) => source.showcase),
    videos: entries.map(({ showcaseId, video }) => {
      const source = byId.get(showcaseId)!;
      return { showcase: source.showcase, video, abilities: source.abilities };
    }),
  };
}
