import type { APIRoute } from 'astro';
import { projectVideosAnswer } from '../../../../../server/api/projectAnswers.ts';

/** GET /me/folders/{id}/videos: the videos filed in the folder (page, per_page). */
export const GET: APIRoute = (context) => projectVideosAnswer(context);
