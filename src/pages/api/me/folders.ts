import type { APIRoute } from 'astro';
import { projectsAnswer } from '../../../server/api/projectAnswers.ts';

/** GET /me/folders: the token's user's library folders (page, per_page). */
export const GET: APIRoute = (context) => projectsAnswer(context);
