import { describe, expect, it } from 'vitest';
import { liveLadder } from '../../lib/liveLadder.ts';
import { masterPlaylist, packagerArgs } from './packagerArgs.ts';

const ladder = liveLadder({ height: 1080, fps: 60 }, 1080);

describe('the live packager', () => {
  it('reads FLV on stdin and writes one fragmented MP4 per rung on its own pipe, and the recording', () => {
    const args = packagerArgs(ladder, '/scratch', { hasAudio: true, record: true }).join(' ');
    expect(args).toContain('-f flv -i pipe:0');
    expect(args).toContain('[0:v]fps=30,split=4[v0][v1][v2][still]');
    expect(args).toContain('/scratch/poster.jpg');
    expect(
      args.match(/-f mp4 -movflags frag_keyframe\+empty_moov\+default_base_moof/g),
    ).toHaveLength(3);
    expect(args.match(/pipe:\d/g)).toEqual(['pipe:1', 'pipe:0', 'pipe:3', 'pipe:4', 'pipe:5']);
    expect(args).toContain('-c copy -f segment');
    expect(args.match(/-map 0:a:0/g)).toHaveLength(4);
  });

  it('maps no sound for a silent source, and keeps no recording for an event that saves no replay', () => {
    expect(
      packagerArgs(ladder, '/scratch', { hasAudio: false, record: true }).join(' '),
    ).not.toContain('0:a');
    expect(
      packagerArgs(ladder, '/scratch', { hasAudio: true, record: false }).join(' '),
    ).not.toContain('-f segment');
  });

  it('names every rung in the master playlist with its resolution and bandwidth', () => {
    const master = masterPlaylist(ladder, { width: 1920, height: 1080 }, { hasAudio: true });
    expect(master).toContain('RESOLUTION=1920x1080');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toContain('RESOLUTION=640x360');
    expect(
      master
        .trim()
        .split('\n')
        .filter((line) => line.endsWith('index.m3u8')),
    ).toEqual(['1080p/index.m3u8', '720p/index.m3u8', '360p/index.m3u8']);
  });
});
