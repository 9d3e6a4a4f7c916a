/**
 * Pages render a few at a time; the others wait their turn in the order they came. Fifty
 * renders begun together each keep their half-built page alive while the others run, and the
 * server spends more on memory than on pages: on 2 cores, three at a time served the uncached
 * grid page about half again as often a second as fifty at once, for ~40 % less CPU a page, on
 * PGlite and on PostgreSQL alike.
 *
 * A render holds its slot until its head is written, by when the page is whole (pages render
 * to one string, astro.config.mjs), or until its client leaves. One that waits on something
 * else for longer than `maxHoldMs` (a database out of reach) gives its slot up and carries on,
 * so a slow dependency never stops the pages that do not need it. Installed last, so its
 * writeHead is the first Astro calls. Cached pages are sent before this step and never wait.
 *
 * A render whose client left while it waited is never started. When `maxWaiting` renders
 * already wait, the next is answered 503 with Retry-After at once (waitPage.ts): a line that
 * grew without bound would answer everyone late, long after most had given up.
 */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitLocalePath } from '../../lib/localeNegotiation.ts';
import { createSlotQueue } from '../../lib/slotQueue.ts';
import type { Locale } from '../../lib/domain.ts';
import type { Step } from './requestPipeline.ts';
import { answerWait, waitStrings, type WaitPage } from './waitPage.ts';

export interface RenderSlotOptions {
  slots: number;
  maxHoldMs: number;
  /** Renders that may wait for a slot; one more is refused. */
  maxWaiting: number;
}

const RETRY_SECONDS = 2;

const busy = (locale: Locale): WaitPage => {
  const t = waitStrings(locale);
  return { title: t.busyTitle, body: t.busyBody, retrySeconds: RETRY_SECONDS };
};

/** Paths of files, streams and JSON: not page renders, and some held open for long. */
const NOT_PAGES = /^\/(api|_astro|media|thumbnails|live_chat)(\/|$)/;

/** Whether a request asks for a page to be rendered: a GET or HEAD of an address without a file extension, outside the API and media. */
export function isPageRender(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const { path } = splitLocalePath((url ?? '/').split('?', 1)[0]!);
  return !NOT_PAGES.test(path) && !/\.[a-z0-9]+$/i.test(path);
}

export function renderSlots({ slots, maxHoldMs, maxWaiting }: RenderSlotOptions): Step {
  const queue = createSlotQueue(slots);
  return (req: IncomingMessage, res: ServerResponse, next) => {
    if (!isPageRender(req.method, req.url)) return next();
    if (queue.busy === slots && queue.waiting >= maxWaiting) {
      answerWait(
        req,
        res,
        busy,
        'Too many pages are waiting to be rendered: retry after the number of seconds in Retry-After.',
      );
      return;
    }
    // Bound to this request, so a render started by another one's release keeps its own context.
    queue.acquire(
      AsyncResource.bind((release: () => void) => {
        if (res.destroyed || res.writableEnded) return release();
        const timer = setTimeout(release, maxHoldMs);
        const done = () => {
          clearTimeout(timer);
          release();
        };
        const { writeHead } = res;
        res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
          done();
          return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
        } as ServerResponse['writeHead'];
        res.once('close', done);
        next();
      }),
    );
  };
}
