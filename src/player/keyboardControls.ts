/**
 * Keyboard controls of the player frame (src/lib/playerKeys.ts), on top of the browser's
 * own. Space and the arrows stay with the browser's controls while they have the focus (they
 * answer those keys themselves; acting twice would undo the press).
 */
import { playerActionFor, seekTarget, volumeAfter } from '../lib/playerKeys.ts';

export function listenForPlayerKeys(root: HTMLElement, media: HTMLVideoElement): void {
  root.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (target && target !== media && target.closest('button, input, select, textarea, a')) return;
    const action = playerActionFor(event);
    if (!action) return;
    if (target === media && (event.key === ' ' || event.key.startsWith('Arrow'))) return;
    event.preventDefault();
    switch (action.kind) {
      case 'toggle-play':
        if (media.paused) void media.play().catch(() => undefined);
        else media.pause();
        break;
      case 'seek-by':
      case 'seek-to-fraction':
        media.currentTime = seekTarget(media.currentTime, media.duration, action);
        break;
      case 'volume-by':
        media.muted = false;
        media.volume = volumeAfter(media.volume, action.delta);
        break;
      case 'toggle-mute':
        media.muted = !media.muted;
        break;
      case 'toggle-fullscreen':
        if (document.fullscreenElement) void document.exitFullscreen();
        else void media.requestFullscreen?.().catch(() => undefined);
        break;
      case 'toggle-captions': {
        const tracks = [...media.textTracks].filter(
          (t) => t.kind === 'captions' || t.kind === 'subtitles',
        );
        const showing = tracks.find((t) => t.mode === 'showing');
        for (const track of tracks) track.mode = 'disabled';
        if (!showing && tracks[0]) tracks[0].mode = 'showing';
        break;
      }
    }
  });
}
