/**
 * The owner's stream health panel as words (docs/live.md "Stream health and viewers"): the
 * push's figures, the key frame warning, why the last push stopped, how many watch, and a
 * still of the picture, in the owner's language. The studio page and the Go live panel render
 * it; GET /manage/videos/{id}/stream_health.json sends it again every few seconds, and the panel's
 * script puts the new words in place.
 */
import { lastIngestErrorKey } from '../../lib/liveIngestError.ts';
import {
  HEALTH_FIGURES,
  healthFigures,
  keyFrameMismatch,
  type HealthFigure,
  type StreamHealth,
  type StreamHealthView,
} from '../../lib/streamHealth.ts';
import type { Translate } from '../../lib/translationKeys.ts';
import { liveStorageKey } from '../media/storage.ts';
import { sign } from '../showcases/represent.ts';
import { LIVE_POSTER, LIVE_SEGMENT_SECONDS } from './packagerArgs.ts';
import { liveSignals } from './liveSignals.ts';

/** The poster is renewed this often (packagerArgs.ts): the preview asks for it anew as often. */
const POSTER_RENEWED_MS = 10_000;

const NOTHING = '—';

export interface HealthViewContext {
  videoId: number;
  viewers: number;
  lastError: string | null;
  t: Translate;
  locale: string;
  now: number;
}

function streamHealthView(health: StreamHealth | null, extra: HealthViewContext): StreamHealthView {
  const { t, locale, now } = extra;
  const errorKey = lastIngestErrorKey(extra.lastError);
  const shared = {
    lastError: errorKey && t(errorKey),
    viewers: new Intl.NumberFormat(locale).format(extra.viewers),
  };
  if (!health) {
    const figures = Object.fromEntries(HEALTH_FIGURES.map((name) => [name, NOTHING]));
    return {
      ...shared,
      receiving: false,
      figures: figures as Record<HealthFigure, string>,
      keyFrameWarning: null,
      preview: null,
    };
  }
  const figures = healthFigures(health, now, locale);
  // Asked for anew as often as it is renewed; the signature ignores the extra parameter.
  const poster = `${sign(liveStorageKey(extra.videoId, health.broadcastId, LIVE_POSTER))}&at=${Math.floor(health.writtenAt / POSTER_RENEWED_MS)}`;
  return {
    ...shared,
    receiving: true,
    figures: {
      ...figures,
      frameRate: health.fps === null ? NOTHING : t('golive.healthFps', { fps: figures.frameRate }),
      audio: health.audio ? t('golive.healthAudioYes') : t('golive.healthAudioNo'),
      sinceLastPacket:
        health.lastPacketAt === null
          ? NOTHING
          : t('golive.healthAgo', { time: figures.sinceLastPacket }),
    },
    keyFrameWarning: keyFrameMismatch(health.keyFrameSeconds, LIVE_SEGMENT_SECONDS)
      ? t('golive.healthKeyFrameWarning', { interval: figures.keyFrames })
      : null,
    preview: poster,
  };
}

/** The panel of the event `videoId` as it stands, from the stores every node shares. */
export async function loadStreamHealthView(
  videoId: number,
  context: Omit<HealthViewContext, 'videoId' | 'viewers' | 'now'>,
): Promise<StreamHealthView> {
  const { health, viewers } = await liveSignals();
  const now = Date.now();
  const [read, watching] = await Promise.all([
    health.read(videoId, now),
    viewers.watching([videoId], now),
  ]);
  return streamHealthView(read, {
    ...context,
    videoId,
    viewers: watching.get(videoId) ?? 0,
    now,
  });
}
