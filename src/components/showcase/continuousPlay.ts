/**
 * Continuous play on the video view (SPEC §7): when the player frame reports PLAYER_ENDED,
 * the next video plays. Loaded when the frame first speaks (its video started: lazyLoader.ts),
 * and from then on it listens to the frame.
 */
import { listenForPlayerEnded } from '../../lib/playerMessages.ts';
import { provideLazy } from '../../islands/provideLazy.ts';

provideLazy('continuous-play', (frame) => {
  const next = frame.dataset['continueHref'];
  if (frame instanceof HTMLIFrameElement && next)
    listenForPlayerEnded(window, frame, () => window.location.assign(next));
});
