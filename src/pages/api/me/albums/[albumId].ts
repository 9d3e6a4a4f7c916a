import type { APIRoute } from 'astro';
import { deleteAlbumAnswer, patchAlbumAnswer } from '../../../../server/api/apiAlbumWrites.ts';
import { albumAnswer } from '../../../../server/api/albumAnswers.ts';

/** GET /me/albums/{albumId}: an album at the address Vimeo documents its writes under. */
export const GET: APIRoute = (context) => albumAnswer(context);

/** PATCH …/albums/{albumId}: the owner changes the settings the body names (`edit` scope). */
export const PATCH: APIRoute = (context) => patchAlbumAnswer(context);

/** DELETE …/albums/{albumId}: the owner deletes the showcase, keeping its videos (`delete` scope; 204). */
export const DELETE: APIRoute = (context) => deleteAlbumAnswer(context);
