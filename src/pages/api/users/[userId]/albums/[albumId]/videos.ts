import type { APIRoute } from 'astro';
import { albumVideosAnswer } from '../../../../../../server/api/albumAnswers.ts';

/** GET /users/{userId}/albums/{albumId}/videos: the album's videos, as at /albums/{albumId}/videos. */
export const GET: APIRoute = (context) => albumVideosAnswer(context);
