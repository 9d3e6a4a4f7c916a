/**
 * Ends the live playlists of broadcasts another node ended for a node that died
 * (src/lib/livePlaylistEnd.ts): players on them play out what was stored, then ask for the
 * event's next broadcast.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaPlaylistsOf, withEndList } from '../../lib/livePlaylistEnd.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { liveStorageKey, readWhole, type MediaStorage } from '../media/storage.ts';
import type { OrphanedBroadcast } from './liveEventStore.ts';
import { LIVE_MASTER } from './packagerArgs.ts';
import { PLAYLIST_TYPE } from './lowLatencyRung.ts';

export async function endLivePlaylists(
  storage: MediaStorage,
  broadcasts: readonly OrphanedBroadcast[],
): Promise<void> {
  if (broadcasts.length === 0) return;
  const scratch = await makeScratchDir('ended-playlists');
  try {
    for (const broadcast of broadcasts) {
      const prefix = liveStorageKey(broadcast.eventVideoId, broadcast.id);
      const master = (await readWhole(storage, `${prefix}/${LIVE_MASTER}`))?.toString('utf8');
      for (const playlist of master ? mediaPlaylistsOf(master) : []) {
        const key = `${prefix}/${playlist}`;
        const ended = withEndList((await readWhole(storage, key))?.toString('utf8') ?? '');
        if (ended === null) continue;
        const file = path.join(scratch, `${broadcast.id}-${playlist.replaceAll('/', '-')}`);
        await writeFile(file, ended);
        await storage.put(key, file, { contentType: PLAYLIST_TYPE });
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
