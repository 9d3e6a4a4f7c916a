/**
 * The player frame's behaviour (src/pages/showcase/[albumId]/video/[videoId]/embed.astro),
 * loaded when the frame is first used: its video starts, a key, a pointer, or a message from
 * the page that frames it (lazyLoader.ts); at once under autoplay. Until then the frame shows
 * the poster and fetches no media (preload="none").
 */
import { AUTOPAUSE_CHANNEL, linkPlayers } from '../lib/autopause.ts';
import { attachPlayerEvents } from '../lib/playerMessages.ts';
import type { QualityLadder } from '../lib/playerQualities.ts';
import { provideLazy } from '../islands/provideLazy.ts';
import { servePlayerApi } from './playerApiFrame.ts';
import { listenForPlayerKeys } from './keyboardControls.ts';
import { nativeLiveEdge, showLiveEdge, type LiveEdge } from './liveEdgeBar.ts';
import { followLiveEvent } from './liveStreamEnd.ts';
import { startStream } from './startStream.ts';
import { sendPlayBeacons } from './playBeacons.ts';

provideLazy('player-frame', (body) => {
  const media = body.querySelector<HTMLVideoElement>('video[data-player]');
  if (!media) return;
  let ladder: QualityLadder | null = null;
  const live = media.dataset['live'] !== undefined;
  // Where live is, as the browser playing HLS itself measures it, until hls.js says.
  let liveEdge: LiveEdge = live ? nativeLiveEdge(media) : () => null;
  void startStream(
    media,
    media.dataset['hls'],
    (playing) => (ladder = playing),
    (edge) => (liveEdge = edge),
  );
  listenForPlayerKeys(body, media);
  // Counted on the server from these, with no cookie and no viewer kept (docs/analytics.md).
  sendPlayBeacons(media, live);
  const liveBar = body.querySelector<HTMLElement>('[data-live-edge]');
  if (live && liveBar) showLiveEdge(liveBar, media, () => liveEdge());
  // SPEC §7: PLAYER_ENDED goes to the framing page once it sent attach-events. A live stream
  // has no end to move on from (continuous play skips it): it follows its event instead.
  if (live) followLiveEvent(media);
  else if (window.parent !== window) attachPlayerEvents(window, media);
  // SPEC §2: another player of this site starting pauses this one, unless autopause=0.
  const autopause =
    'BroadcastChannel' in window
      ? linkPlayers(
          media,
          new BroadcastChannel(AUTOPAUSE_CHANNEL),
          crypto.randomUUID(),
          media.dataset['autopause'] !== '0',
        )
      : null;
  // The player API of Vimeo's player.js, for the page that frames this one.
  if (window.parent !== window) {
    const { videoId, videoTitle = '', videoUrl = '', videoDuration } = media.dataset;
    const embedUrl = new URL(window.location.href);
    // The viewer's token is theirs alone, never part of an embed code.
    embedUrl.searchParams.delete('jwt');
    embedUrl.hash = '';
    servePlayerApi(
      window,
      media,
      {
        videoId: Number(videoId),
        title: videoTitle,
        url: videoUrl,
        embedUrl: embedUrl.href,
        duration: Number(videoDuration) || 0,
        width: Number(media.dataset['videoWidth']) || 0,
        height: Number(media.dataset['videoHeight']) || 0,
      },
      { autopause, ladder: () => ladder },
    );
  }
});
