/**
 * What the player frame offers the player API beyond its video element (src/lib/playerApi.ts):
 * fullscreen, picture-in-picture and remote playback as this browser has them, the autopause
 * setting, the HLS ladder and the page's cue points. The browser refuses fullscreen and
 * picture-in-picture without a viewer's gesture; the call then fails with its error.
 */
import { unsupported, type FrameControls } from '../lib/playerApiAnswers.ts';
import { CuePoints } from '../lib/playerCuePoints.ts';
import type { QualityLadder } from '../lib/playerQualities.ts';

interface FrameParts {
  document: Document;
  media: HTMLVideoElement;
  autopause: { on: boolean } | null;
  ladder(): QualityLadder | null;
  /** Told whenever the frame, or the page for it, enters or leaves fullscreen. */
  onFullscreen(active: boolean): void;
}

function remotePlayback(remote: RemotePlayback | undefined): FrameControls['remotePlayback'] {
  if (!remote) return null;
  // A browser with the API may still have no remote playback here (NotSupportedError).
  const notHere = (cause: unknown) => {
    throw cause instanceof Error && cause.name === 'NotSupportedError'
      ? unsupported('Remote playback is')
      : cause;
  };
  return {
    state: () => remote.state,
    prompt: () => remote.prompt().catch(notHere),
    available: () =>
      new Promise<boolean>((resolve, reject) => {
        remote
          .watchAvailability((available) => {
            resolve(available);
            void remote.cancelWatchAvailability().catch(() => undefined);
          })
          .catch(notHere)
          .catch(reject);
      }),
  };
}

export function frameControls({
  document,
  media,
  autopause,
  ladder,
  onFullscreen,
}: FrameParts): FrameControls {
  // Vimeo's library puts the iframe itself in fullscreen from the page, and says so.
  let pageFullscreen = false;
  const fullscreenActive = () => document.fullscreenElement !== null || pageFullscreen;
  document.addEventListener('fullscreenchange', () => onFullscreen(fullscreenActive()));
  const pictureInPicture =
    document.pictureInPictureEnabled && !media.disablePictureInPicture
      ? {
          active: () => document.pictureInPictureElement === media,
          enter: () => media.requestPictureInPicture().then(() => undefined),
          exit: () =>
            document.pictureInPictureElement ? document.exitPictureInPicture() : Promise.resolve(),
        }
      : null;
  return {
    fullscreen: {
      active: fullscreenActive,
      enter: () => {
        if (!document.fullscreenEnabled)
          return Promise.reject(
            Object.assign(
              new Error('Fullscreen is not allowed: the iframe needs allow="fullscreen".'),
              { name: 'NotAllowedError' },
            ),
          );
        return media.requestFullscreen();
      },
      exit: () => (document.fullscreenElement ? document.exitFullscreen() : Promise.resolve()),
      heardFromPage: (active) => {
        pageFullscreen = active;
        onFullscreen(fullscreenActive());
      },
    },
    pictureInPicture,
    remotePlayback: remotePlayback(media.remote),
    autopause,
    ladder,
    cuePoints: new CuePoints(() => crypto.randomUUID()),
  };
}
