/**
 * `npm run ingest` beside a running server, which holds the embedded database: the file goes
 * up through the server's resumable upload API (tus) as its owner, and the server's worker
 * transcodes it. The CLI signs its API tokens with the data folder's session secret, which
 * only a process with access to that folder can read.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { issueJwt } from '../auth/jwt.ts';
import { IngestError } from './ingestFile.ts';
import { UPLOADS_PATH, VIDEO_ID_HEADER } from './uploadsPath.ts';

/** Bytes per PATCH: small enough to resume cheaply, large enough to keep requests few. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Account ids are looked at in order; this many missing in a row means there are no more. */
const MISSING_IDS_BEFORE_GIVING_UP = 25;

export interface IngestThroughServerOptions {
  /** http://127.0.0.1:<port> of the running server. */
  origin: string;
  file: string;
  ownerEmail: string;
  showcaseId?: number | undefined;
  progress?: ((message: string) => void) | undefined;
}

function bearer(userId: number): Record<string, string> {
  return { Authorization: `Bearer ${issueJwt(userId)}` };
}

/** The `error` or `message` of a JSON refusal, else the status line. */
async function refusalText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    error?: unknown;
    message?: unknown;
  } | null;
  const text =
    typeof body?.message === 'string'
      ? body.message
      : typeof body?.error === 'string'
        ? body.error
        : '';
  return text || `${response.status} ${response.statusText}`;
}

function serverRefused(origin: string, response: Response, text: string): IngestError {
  if (response.status === 503)
    return new IngestError(
      `The server at ${origin} cannot take the upload right now (${text}); see its log.`,
    );
  return new IngestError(`The server at ${origin} refused the upload: ${text}`);
}

/**
 * The id of the account with this e-mail, read from GET /api/users/{id} as each account in
 * turn: the API finds no one by e-mail, and a token can be signed for any id.
 */
async function accountId(origin: string, email: string): Promise<number> {
  const wanted = email.toLowerCase();
  for (let id = 1, missing = 0; missing < MISSING_IDS_BEFORE_GIVING_UP; id++) {
    const response = await fetch(`${origin}/api/users/${id}`, { headers: bearer(id) });
    if (response.status === 404) {
      missing += 1;
      continue;
    }
    if (response.status === 401)
      throw new IngestError(
        `The server at ${origin} does not accept tokens signed with this data folder's secret: is SESSION_SECRET set the same for both?`,
      );
    if (!response.ok) throw serverRefused(origin, response, await refusalText(response));
    missing = 0;
    const account = (await response.json()) as { email?: unknown };
    if (typeof account.email === 'string' && account.email.toLowerCase() === wanted) return id;
  }
  throw new IngestError(`No account with the e-mail ${email}`);
}

function tusMetadata(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Uploads the file and says which video the server made of it; its transcode runs in the server. */
export async function ingestThroughServer({
  origin,
  file,
  ownerEmail,
  showcaseId,
  progress = () => {},
}: IngestThroughServerOptions): Promise<{ videoId: number }> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new IngestError(`No file at ${file}`);
  const userId = await accountId(origin, ownerEmail);
  // Origin: Astro refuses a body-carrying POST from no origin as a cross-site form.
  const tus = { 'Tus-Resumable': '1.0.0', Origin: origin, ...bearer(userId) };

  const created = await fetch(`${origin}${UPLOADS_PATH}`, {
    method: 'POST',
    headers: {
      ...tus,
      'Upload-Length': String(info.size),
      'Upload-Metadata': tusMetadata({
        filename: path.basename(file),
        album: showcaseId?.toString(),
      }),
    },
  });
  if (created.status === 403 && showcaseId !== undefined)
    throw new IngestError(`No showcase ${showcaseId} owned by ${ownerEmail}`);
  const location = created.headers.get('location');
  if (created.status !== 201 || !location)
    throw serverRefused(origin, created, await refusalText(created));
  const uploadUrl = new URL(location, `${origin}${UPLOADS_PATH}/`).href;

  const source = await open(file);
  try {
    let offset = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, info.size - offset));
      const { bytesRead } = await source.read(chunk, 0, chunk.length, offset);
      const sent = await fetch(uploadUrl, {
        method: 'PATCH',
        headers: {
          ...tus,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: chunk.subarray(0, bytesRead),
      });
      if (sent.status !== 204) throw serverRefused(origin, sent, await refusalText(sent));
      offset = Number(sent.headers.get('upload-offset'));
      progress(`uploaded ${Math.round((offset / Math.max(1, info.size)) * 100)} %`);
      const videoId = Number(sent.headers.get(VIDEO_ID_HEADER.toLowerCase()));
      if (offset >= info.size) {
        if (!Number.isInteger(videoId) || videoId <= 0)
          throw new IngestError(`The server at ${origin} took the file but named no video`);
        return { videoId };
      }
    }
  } finally {
    await source.close();
  }
}
