import type { APIRoute } from 'astro';
import { albumVideosAnswer } from '../../../../server/api/albumAnswers.ts';

/** GET /api/albums/{albumId}/videos (SPEC §7; Vimeo's album videos). */
export const GET: APIRoute = (context) => albumVideosAnswer(context);
