/**
 * Closing the live playlists of a broadcast whose node died (src/server/live/endedPlaylists.ts):
 * the packager writes #EXT-X-ENDLIST itself when a broadcast ends in its node, but a node that
 * is gone leaves playlists that never move, and a player on them waits forever instead of
 * playing to the end and looking for the event's next broadcast.
 */
const END_LIST = '#EXT-X-ENDLIST';

/** The media playlists a master playlist names, relative to it. */
export function mediaPlaylistsOf(master: string): string[] {
  return master
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The media playlist ended, or null when it already is or is no playlist. A low-latency
 * playlist ends after its last full segment: the parts of a segment the dead node never
 * finished, and its hint of a next part, go, or a player would wait for the rest of them
 * instead of reaching the end.
 */
export function withEndList(playlist: string): string | null {
  if (!playlist.startsWith('#EXTM3U')) return null;
  const lines = playlist.split('\n').map((line) => line.trim());
  if (lines.includes(END_LIST)) return null;
  const lastSegment = lines.findLastIndex((line) => line !== '' && !line.startsWith('#'));
  const kept =
    lastSegment === -1 ? lines.filter((line) => line !== '') : lines.slice(0, lastSegment + 1);
  return `${[...kept, END_LIST].join('\n')}\n`;
}
