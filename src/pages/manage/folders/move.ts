import type { APIRoute } from 'astro';
import { parseFolderMove } from '../../../lib/folderDrop.ts';
import { getDb } from '../../../server/db/client.ts';
import { readJsonObject } from '../../../server/http/badRequest.ts';
import { NO_STORE_HEADERS } from '../../../server/http/cacheControl.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { handleFolderMove } from '../../../server/studio/folderEditor.ts';
import { listFolders } from '../../../server/studio/folderStudio.ts';
import { studioApiGate } from '../../../server/studio/studioAccount.ts';

/**
 * POST /manage/folders/move: the folders' drag and drop, and their Move forms once the page's
 * script runs. JSON `{kind: 'video' | 'folder', id, to}` (`to` null: no folder, the top);
 * answers every folder's video count as the pages print it, so the page shows what moved
 * without loading again, or 409 with the reason a move is refused (a folder into itself or
 * below itself), in the viewer's language.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const db = await getDb();
  const gate = await studioApiGate(db, context, 'editOwnVideos');
  if (!gate.ok) return gate.response;
  const move = parseFolderMove(await readJsonObject(request));
  if (!move) return jsonError(locals, 400, { message: locals.t('folders.chooseFolder') });
  const outcome = await handleFolderMove(db, gate.account, move);
  if (outcome.kind === 'refused') return jsonError(locals, 403);
  if (outcome.kind === 'invalid') {
    const message = locals.t(outcome.message);
    return Response.json(
      { error: message, message, status: 409 },
      { status: 409, headers: NO_STORE_HEADERS },
    );
  }
  const folders = await listFolders(db, gate.account.ownerId);
  const counts = Object.fromEntries(
    folders.map((folder) => [
      folder.id,
      locals.t('folders.videoCount', { count: folder.videoCount }),
    ]),
  );
  return Response.json({ counts }, { headers: NO_STORE_HEADERS });
};
