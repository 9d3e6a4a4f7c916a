import type { APIRoute } from 'astro';
import { orderAlbumVideosAnswer } from '../../../../../server/api/apiAlbumWrites.ts';
import { albumVideosAnswer } from '../../../../../server/api/albumAnswers.ts';

/** GET /me/albums/{albumId}/videos: the album's videos, as at /albums/{albumId}/videos. */
export const GET: APIRoute = (context) => albumVideosAnswer(context);

/** PATCH …/albums/{albumId}/videos { videos: [{ uri }] }: the owner's order of its videos (`edit` scope; 204). */
export const PATCH: APIRoute = (context) => orderAlbumVideosAnswer(context);
