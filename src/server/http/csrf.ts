import { timingSafeEqual } from 'node:crypto';

/** The X-XSRF-Token header: how islands and the uploader send the token. */
export function headerToken(request: Request): string | undefined {
  return request.headers.get('x-xsrf-token') ?? undefined;
}

/**
 * The bytes of a request's body if there are at most `limit` of them, else null, having read
 * no more than that: a declared length over the limit is not read at all. The body step
 * (bodyLimit.ts) has refused larger bodies before this runs on the built server; this holds
 * on its own wherever it runs.
 */
async function boundedBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const reader = request.clone().body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // A clone's cancel settles only once the original is cancelled too: not waited for.
      void reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The token of a state-changing request: the X-XSRF-Token header (islands), else the
 * `token` field of a form or JSON body (SPEC §7 payloads carry `token`) of at most
 * `bodyLimit` bytes (BODY_LIMIT); a larger body holds no token worth reading.
 */
export async function readSubmittedToken(
  request: Request,
  bodyLimit: number,
): Promise<string | undefined> {
  const header = headerToken(request);
  if (header) return header;
  const type = request.headers.get('content-type') ?? '';
  const isJson = type.includes('application/json');
  const isForm =
    type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  if (!isJson && !isForm) return undefined;
  try {
    const body = await boundedBody(request, bodyLimit);
    if (body === null) return undefined;
    const parsed = new Response(body, { headers: { 'content-type': type } });
    const token = isJson
      ? ((await parsed.json()) as Record<string, unknown> | null)?.['token']
      : (await parsed.formData()).get('token');
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

export function tokensMatch(submitted: string | undefined, expected: string | undefined): boolean {
  if (!submitted || !expected) return false;
  const a = Buffer.from(submitted);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
