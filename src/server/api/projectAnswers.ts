/**
 * Vimeo's "projects" (the library's folders, src/server/studio/folderStudio.ts): the token's
 * own user lists their folders, reads one and lists its videos, at /me/projects, at its
 * /me/folders alias and at /users/{id}/projects, every folder's `uri`. Folders are private:
 * they need the `private` scope, and another user's answer as if they did not exist.
 */
import type { APIContext } from 'astro';
import { apiReaderId } from '../auth/apiViewer.ts';
import { getDb } from '../db/client.ts';
import { apiOrigins } from '../http/apiOrigin.ts';
import { apiJson, beginApiCall, parseId } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { listEnvelope, parsePaging } from '../http/paging.ts';
import { findStudioFolder, listFolderPage, type StudioFolder } from '../studio/folderStudio.ts';
import { listAccountVideos } from './apiQueries.ts';
import { presentAccountVideos } from './apiVideos.ts';

/** The reader's own user id when the call may read their folders; else the refusal. */
function beginProjectsCall(
  context: APIContext,
): { version: string; userId: number } | { error: Response } {
  const call = beginApiCall(context, 'private');
  if ('error' in call) return call;
  const readerId = apiReaderId(context.locals);
  if (readerId === null) return { error: jsonError(context.locals, 401) };
  const named = context.params['userId'];
  if (named !== undefined && parseId(named) !== readerId)
    return { error: jsonError(context.locals, 404) };
  return { version: call.version, userId: readerId };
}

function apiProject(userId: number, folder: StudioFolder) {
  const uri = `/users/${userId}/projects/${folder.id}`;
  return {
    uri,
    name: folder.name,
    created_time: folder.createdAt.toISOString(),
    modified_time: folder.updatedAt.toISOString(),
    resource_key: String(folder.id),
    metadata: {
      connections: {
        videos: { uri: `${uri}/videos`, options: ['GET'], total: folder.videoCount },
        parent_folder:
          folder.parentId === null
            ? null
            : { uri: `/users/${userId}/projects/${folder.parentId}`, options: ['GET'] },
      },
    },
  };
}

/** GET /me/projects: a page of the user's folders, newest first. */
export async function projectsAnswer(context: APIContext): Promise<Response> {
  const call = beginProjectsCall(context);
  if ('error' in call) return call.error;
  const paging = parsePaging(context.url.searchParams);
  const { total, items } = await listFolderPage(await getDb(), call.userId, paging);
  const data = items.map((folder) => apiProject(call.userId, folder));
  return apiJson(
    context,
    listEnvelope(context.url, paging, total, data),
    { resource: 'project', cache: 'private' },
    call.version,
  );
}

async function namedFolder(context: APIContext, userId: number): Promise<StudioFolder | null> {
  const id = parseId(context.params['projectId']);
  return id === null ? null : findStudioFolder(await getDb(), userId, id);
}

/** GET /me/projects/{id}: one of the user's folders. */
export async function projectAnswer(context: APIContext): Promise<Response> {
  const call = beginProjectsCall(context);
  if ('error' in call) return call.error;
  const folder = await namedFolder(context, call.userId);
  if (!folder) return jsonError(context.locals, 404);
  return apiJson(
    context,
    apiProject(call.userId, folder),
    { resource: 'project', cache: 'private' },
    call.version,
  );
}

/** GET /me/projects/{id}/videos: a page of the videos filed in the folder, newest first. */
export async function projectVideosAnswer(context: APIContext): Promise<Response> {
  const call = beginProjectsCall(context);
  if ('error' in call) return call.error;
  const folder = await namedFolder(context, call.userId);
  if (!folder) return jsonError(context.locals, 404);
  const paging = parsePaging(context.url.searchParams);
  const db = await getDb();
  const { total, items } = await listAccountVideos(
    db,
    { ownerId: call.userId, self: true, query: '', folderId: folder.id, ...paging },
    null,
  );
  const data = await presentAccountVideos(
    context,
    db,
    items,
    true,
    apiOrigins(context.url, context.request),
  );
  return apiJson(
    context,
    listEnvelope(context.url, paging, total, data),
    { resource: 'video', cache: 'private' },
    call.version,
  );
}
