/**
 * Every answer's status line carries its own reason phrase ("401 Unauthorized"). Astro copies
 * a page's `statusText` onto the Node response, and a page that only sets its status keeps
 * the "OK" of the response it started from, so "401 OK" would go out. The phrase is Node's
 * for the status whatever a writer passed or left on the response.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Step } from './requestPipeline.ts';

export const reasonPhrase: Step = (_req, res, next) => {
  const { writeHead } = res;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = typeof rest[0] === 'string' ? rest.slice(1) : rest;
    return (writeHead as (...args: unknown[]) => ServerResponse).call(
      this,
      status,
      STATUS_CODES[status] ?? 'unknown',
      ...headers,
    );
  } as ServerResponse['writeHead'];
  next();
};
