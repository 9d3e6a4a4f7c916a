/** Every kind of background job and what runs it. */
import { getDb } from '../db/client.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import type { MediaStorage } from '../media/storage.ts';
import {
  isTranscodePayload,
  markVideoFailed,
  PROCESSING_FAILED_MESSAGE,
  TRANSCODE_JOB,
  transcodeVideo,
} from '../ingest/transcode.ts';
import { LIVE_REPLAY_JOB } from '../live/liveEventStore.ts';
import { archiveReplay, isReplayPayload, markReplayFailed } from '../live/replay.ts';
import { mailer } from '../mail/mailer.ts';
import { sendReviewMail } from '../review/reviewMail.ts';
import { isReviewMailPayload, REVIEW_MAIL_JOB } from '../review/reviewMailWindow.ts';
import type { JobHandlers } from './runner.ts';

export function jobHandlers(storage: MediaStorage = mediaStorage()): JobHandlers {
  return {
    [TRANSCODE_JOB]: {
      async run(payload, { signal, progress, report }) {
        if (!isTranscodePayload(payload))
          throw new Error('transcode job without videoId, sourceKey and sourceMime');
        await transcodeVideo(payload, { db: await getDb(), storage, signal, progress, report });
      },
      async giveUp(payload) {
        if (isTranscodePayload(payload))
          await markVideoFailed(await getDb(), payload.videoId, PROCESSING_FAILED_MESSAGE);
      },
    },
    [LIVE_REPLAY_JOB]: {
      async run(payload, { signal, progress }) {
        if (!isReplayPayload(payload)) throw new Error('live replay job without broadcastId');
        const result = await archiveReplay(payload, {
          db: await getDb(),
          storage,
          signal,
          progress,
        });
        progress(
          result.status === 'failed'
            ? `replay failed: ${result.reason}`
            : `replay ${result.status}`,
        );
      },
      async giveUp(payload) {
        if (isReplayPayload(payload)) await markReplayFailed(await getDb(), payload.broadcastId);
      },
    },
    // Notes a failed mail leaves unmailed go out with the video's next window: no giveUp.
    [REVIEW_MAIL_JOB]: {
      async run(payload, { progress }) {
        if (!isReviewMailPayload(payload))
          throw new Error('review mail job without videoId and origin');
        const mailed = await sendReviewMail(await getDb(), payload, mailer);
        progress(`review notes mailed: ${mailed}`);
      },
    },
  };
}
