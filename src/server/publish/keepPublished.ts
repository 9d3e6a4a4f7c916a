/**
 * The static publication kept current (PUBLISH_DIR or PUBLISH_BUCKET): published once the
 * server is ready, then again on every change of what public pages show, which the same
 * database notifications that empty the page cache report (src/server/db/pageChangeSignal.ts).
 * A change first removes what stopped being public, at once, even while a run is under way
 * (a video made private is gone from the target within a few database reads); then a run
 * renders again only the pages the change touched, as digests of what each showcase's pages
 * show tell (src/lib/publishChanges.ts), and writes the files whose bytes changed
 * (publishSite.ts). A write to a table the digests do not cover, or changes that may have been
 * missed, render the whole site again. Runs never overlap: changes that arrive during one are
 * published by the next, which starts as soon as it ends.
 */
import path from 'node:path';
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { onPagesChanged } from '../db/pageChangeSignal.ts';
import { distDir } from '../distDir.ts';
import { logger } from '../logger.ts';
import { S3Storage } from '../media/s3Storage.ts';
import { LocalDiskStorage, type MediaStorage } from '../media/storage.ts';
import { digestsCover } from '../../lib/publishChanges.ts';
import { createPublisher, type PublishReport } from './publishSite.ts';

/** Notifications of one write come within a few milliseconds of one another: one run takes them all. */
const SETTLE_MS = 100;

/** The folder or bucket the site is published to; null when none is set. */
export function publishTarget(settings = config()): MediaStorage | null {
  if (settings.PUBLISH_DIR) return new LocalDiskStorage(path.resolve(settings.PUBLISH_DIR));
  if (!settings.PUBLISH_BUCKET) return null;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return new S3Storage({
    bucket: settings.PUBLISH_BUCKET,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

export interface KeptPublication {
  /** Resolves once the first publication is complete, with its report. */
  first: Promise<PublishReport>;
  /** Stops listening and waits for a run under way. */
  stop(): Promise<void>;
}

/** Publishes the site served at `origin` to `target` and keeps it current. */
export function keepPublished(origin: string, target: MediaStorage): KeptPublication {
  const settings = config();
  const siteOrigin = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : origin;
  const publisher = createPublisher({
    origin,
    siteOrigin,
    appOrigin: settings.APP_URL ? new URL(settings.APP_URL).origin : null,
    target,
    clientDir: path.join(distDir(), 'client'),
    homeShowcase: settings.HOME_SHOWCASE_ID ?? null,
  });

  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** Tables written since the last run began (undefined: changes may have been missed). */
  let changed = new Set<string | undefined>();
  const publishNow = async (): Promise<PublishReport> => {
    const started = performance.now();
    const report = await publisher.publish(await getDb());
    logger.info(
      { ...report, ms: Math.round(performance.now() - started) },
      'publish: site published',
    );
    return report;
  };
  const publishChanges = async (): Promise<void> => {
    const tables = changed;
    changed = new Set();
    try {
      if (!digestsCover(tables)) return void (await publishNow());
      const started = performance.now();
      const report = await publisher.publishChanges(await getDb());
      if (!report) return void (await publishNow());
      logger.info(
        { ...report, ms: Math.round(performance.now() - started) },
        'publish: changes published',
      );
    } catch (err) {
      // The next run publishes them instead.
      for (const table of tables) changed.add(table);
      throw err;
    }
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await publishChanges();
        } catch (err) {
          logger.error({ err }, 'publish: the publication could not be brought up to date');
        }
      } while (again);
      running = null;
    })();
  };

  const first = (async () => {
    const report = publishNow();
    running = report.then(
      () => {},
      () => {},
    );
    try {
      return await report;
    } finally {
      running = null;
      if (again) run();
    }
  })();
  let removing: Promise<void> = Promise.resolve();
  const removeUnpublished = () => {
    removing = removing.then(async () => {
      try {
        await publisher.removeUnpublished(await getDb());
      } catch (err) {
        logger.error({ err }, 'publish: what stopped being public could not be removed');
      }
    });
    return removing;
  };
  const unsubscribe = onPagesChanged((table) => {
    changed.add(table);
    clearTimeout(timer);
    timer = setTimeout(() => void removeUnpublished().then(run), SETTLE_MS);
  });
  return {
    first,
    async stop() {
      unsubscribe();
      clearTimeout(timer);
      await removing;
      await running;
    },
  };
}
