/**
 * The /watch page's list: the newest videos across the showcases a viewer follows or opened.
 * A video in two of them is listed once, under the showcase that comes first (followed ones
 * come before the ones only opened).
 */

export interface WatchSource<Video> {
  showcaseId: number;
  videos: readonly Video[];
}

export interface WatchEntry<Video> {
  showcaseId: number;
  video: Video;
}

export interface WatchListOptions<Video> {
  /** When the video came out, in ms since the epoch. */
  timeOf: (video: Video) => number;
  idOf: (video: Video) => number;
  limit: number;
}

export function newestAcross<Video>(
  sources: readonly WatchSource<Video>[],
  { timeOf, idOf, limit }: WatchListOptions<Video>,
): WatchEntry<Video>[] {
  const seen = new Set<number>();
  const entries: WatchEntry<Video>[] = [];
  for (const { showcaseId, videos } of sources) {
    for (const video of videos) {
      if (seen.has(idOf(video))) continue;
      seen.add(idOf(video));
      entries.push({ showcaseId, video });
    }
  }
  return entries
    .sort((a, b) => timeOf(b.video) - timeOf(a.video) || idOf(b.video) - idOf(a.video))
    .slice(0, limit);
}
