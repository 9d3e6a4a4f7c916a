/**
 * The Node response of the request being served, for code that runs inside Astro and only
 * sees web Requests and Responses. Astro's node adapter writes a streamed Response body
 * without waiting for 'drain', so the Node response's `writableLength` is the only place that
 * tells a long-lived stream (live chat) that its client stopped reading.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { Step } from './requestPipeline.ts';

// On globalThis: the start script installs the step, the Astro bundle reads it, each with
// its own copy of this module.
const KEY = Symbol.for('vitrine.nodeResponse');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<ServerResponse> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<ServerResponse>());

/** Runs the rest of the pipeline with `res` as the current Node response. */
export const nodeResponseScope: Step = (_req, res, next) => storage.run(res, next);

/** The Node response of the request in progress; undefined outside the pipeline (astro dev). */
export function currentNodeResponse(): ServerResponse | undefined {
  return storage.getStore();
}
