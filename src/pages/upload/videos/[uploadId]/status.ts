import type { APIRoute } from 'astro';
import { getDb } from '../../../../server/db/client.ts';
import { jsonError } from '../../../../server/http/errorResponse.ts';
import { studioApiGate } from '../../../../server/studio/studioAccount.ts';
import { uploadStatus } from '../../../../server/studio/uploadStatus.ts';
import { NO_STORE_HEADERS } from '../../../../server/http/cacheControl.ts';

/** GET /upload/videos/{uploadId}/status: the uploader's view of one upload, polled while it is processed. */
export const GET: APIRoute = async (context) => {
  const db = await getDb();
  const gate = await studioApiGate(db, context, 'upload');
  if (!gate.ok) return gate.response;
  const status = await uploadStatus(db, context.params.uploadId ?? '', gate.account.userId);
  if (!status) return jsonError(context.locals, 404);
  return Response.json(status, { headers: NO_STORE_HEADERS });
};
