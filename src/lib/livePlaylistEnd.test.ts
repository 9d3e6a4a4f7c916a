import { describe, expect, it } from 'vitest';
import { mediaPlaylistsOf, withEndList } from './livePlaylistEnd.ts';

const master = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720
720p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
360p/index.m3u8
`;
const rolling = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:41
#EXTINF:2.000000,
segment-041.ts
#EXTINF:2.000000,
segment-042.ts
`;

describe('closing a dead node’s live playlists', () => {
  it('finds every rung the master playlist names', () => {
    expect(mediaPlaylistsOf(master)).toEqual(['720p/index.m3u8', '360p/index.m3u8']);
  });

  it('ends a rolling playlist after the segments it lists', () => {
    expect(withEndList(rolling)).toBe(`${rolling}#EXT-X-ENDLIST\n`);
  });

  it('ends a low-latency playlist after its last full segment, without the parts of the next or its hint', () => {
    const parted = `${rolling}#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z\n#EXT-X-PART:DURATION=0.32,URI="part9.m4s",INDEPENDENT=YES\n#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part10.m4s"\n`;
    expect(withEndList(parted)).toBe(`${rolling}#EXT-X-ENDLIST\n`);
  });

  it('leaves an ended playlist, and what is no playlist, alone', () => {
    expect(withEndList(`${rolling}#EXT-X-ENDLIST\n`)).toBeNull();
    expect(withEndList('<html>gone</html>')).toBeNull();
  });
});
