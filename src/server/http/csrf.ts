import { timingSafeEqual } from 'node:crypto';

/**
 * The token of a state-changing request: the X-XSRF-Token header (islands), else the
 * `token` field of a form or JSON body (SPEC §7 payloads carry `token`).
 */
export async function readSubmittedToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get('x-xsrf-token');
  if (header) return header;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await request.clone().json();
      const token = body && typeof body === 'object' ? (body as Record<string, unknown>)['token'] : undefined;
      return typeof token === 'string' ? token : undefined;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const token = (await request.clone().formData()).get('token');
      return typeof token === 'string' ? token : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export function tokensMatch(submitted: string | undefined, expected: string | undefined): boolean {
  if (!submitted || !expected) return false;
  const a = Buffer.from(submitted);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
