import type { APIRoute } from 'astro';
import { albumVideoAnswer } from '../../../../../server/api/albumAnswers.ts';

/** GET /api/albums/{albumId}/videos/{videoId} (SPEC §7; Vimeo's album video). */
export const GET: APIRoute = (context) => albumVideoAnswer(context);
