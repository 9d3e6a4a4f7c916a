/**
 * What a resumable upload request (tus 1.0) commits the server to, read from its headers
 * before any byte of its body: whether its body is an upload's bytes at all, how large the
 * upload will be, and how many bytes are still to come. A limit is applied at creation, and,
 * for an upload whose length was deferred, at the PATCH that would cross it.
 */

/** The only type a tus body has: a PATCH always, a POST that carries the first bytes too. */
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

/** The media type of a Content-Type header, without parameters, in lower case. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface TusBodyInput {
  method: string;
  contentType: string | null;
  /** The request declares a body (Content-Length above 0, or Transfer-Encoding). */
  hasBody: boolean;
}

/**
 * Whether a tus request's body, if any, may be taken: bytes come only as TUS_CONTENT_TYPE,
 * and a PATCH must say so even when empty. A bodiless POST, HEAD or DELETE may carry any
 * type, as some HTTP clients add one by default.
 */
export function acceptsTusBody({ method, contentType, hasBody }: TusBodyInput): boolean {
  if (method !== 'PATCH' && !hasBody) return true;
  return mediaTypeOf(contentType) === TUS_CONTENT_TYPE;
}

export interface UploadSizes {
  /** The upload's length, once declared (Upload-Length at creation or on an earlier PATCH). */
  size: number | undefined;
  /** Bytes already written. */
  offset: number;
  /** Upload-Length sent with this request, declaring a deferred length. */
  uploadLength: number | null;
  /** Content-Length of this request's body, if declared. */
  contentLength: number | null;
}

/**
 * How large the upload is known to become once this request is done (`reach`), and how many
 * of its bytes are yet to be written (`toCome`). A deferred upload sent chunked tells neither:
 * it reaches what it has, and the server caps the stream instead.
 */
export function uploadReach({ size, offset, uploadLength, contentLength }: UploadSizes): {
  reach: number;
  toCome: number;
} {
  const reach = size ?? uploadLength ?? offset + (contentLength ?? 0);
  return { reach, toCome: Math.max(0, reach - offset) };
}

/** Whether writing `bytes` to a disk with `available` bytes free leaves at least `margin`. */
export function leavesDiskMargin(available: number, bytes: number, margin: number): boolean {
  return available - bytes >= margin;
}
