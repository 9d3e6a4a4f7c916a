/**
 * Stock clips sitting in a showcase (video privacy 'stock', SPEC §3) show the same buttons on
 * their cards as on their own page: the stock data of a page's videos, by video uri.
 */
import type { Locale } from '../../lib/domain.ts';
import { videoIdOf } from '../../lib/videoNavigation.ts';
import { getDb } from '../db/client.ts';
import { stockClipJson, type StockClipJson } from './stockJson.ts';
import { findStockClips } from './stockQueries.ts';

export async function stockClipsOf(
  videos: readonly { uri: string; privacy: { view: string } }[],
  locale: Locale,
): Promise<Map<string, StockClipJson>> {
  const ids = videos
    .filter((v) => v.privacy.view === 'stock')
    .flatMap((v) => videoIdOf(v.uri) ?? []);
  if (ids.length === 0) return new Map();
  const clips = await findStockClips(await getDb(), ids);
  return new Map(clips.map((clip) => [`/videos/${clip.video.id}`, stockClipJson(clip, locale)]));
}
