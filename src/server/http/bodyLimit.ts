/**
 * The request body limit (BODY_LIMIT): every route reads small forms and JSON documents, so a
 * larger body is refused with 413 before any of it is kept. A declared Content-Length over the
 * limit is refused at once; a chunked body is read up to the limit and refused as soon as it
 * passes it, and one within the limit is handed on whole. Resumable uploads stream to disk and
 * have their own maximum (the plan's largest file, the quota, the free disk), so their bytes
 * are left alone: only bodies of their type on their path, never a form or JSON document sent
 * there, which a step before the route could read whole (src/server/http/csrf.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mediaTypeOf } from '../../lib/tusRequest.ts';
import type { Step } from './requestPipeline.ts';
import { stampRefusal } from './refusalStamp.ts';
import { discardBodyAfterAnswer, hasBody } from './unreadBody.ts';

/** Bodies the limit does not apply to: those of one media type under one path. */
interface BodyLimitExemption {
  /** The path, and everything under it. */
  path: string;
  /** The media type, without parameters. */
  contentType: string;
}

export interface BodyLimitOptions {
  /** Largest body accepted, in bytes. */
  limit: number;
  exempt: readonly BodyLimitExemption[];
}

function isExempt(req: IncomingMessage, exempt: readonly BodyLimitExemption[]): boolean {
  const path = (req.url ?? '/').split('?')[0]!;
  const type = mediaTypeOf(req.headers['content-type']);
  return exempt.some(
    (exemption) =>
      (path === exemption.path || path.startsWith(`${exemption.path}/`)) &&
      type === exemption.contentType,
  );
}

function refuse(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  stampRefusal(req, res, { status: 413 });
  next();
}

export function bodyLimit({ limit, exempt }: BodyLimitOptions): Step {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    // Whatever the route leaves unread (a refusal never reads any) is thrown away after the answer.
    discardBodyAfterAnswer(req, res);
    if (isExempt(req, exempt)) return next();
    const declared = req.headers['content-length'];
    if (declared !== undefined) return Number(declared) > limit ? refuse(req, res, next) : next();
    if (req.headers['transfer-encoding'] === undefined) return next();

    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).pause();
      chunks.length = 0;
      refuse(req, res, next);
    };
    const onEnd = () => {
      // The adapter reads a body found here instead of the consumed stream.
      (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks);
      next();
    };
    req.on('data', onData).on('end', onEnd);
  };
}
