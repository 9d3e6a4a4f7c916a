import type { APIRoute } from 'astro';
import { projectAnswer } from '../../../../server/api/projectAnswers.ts';

/** GET /me/projects/{id}: one of the token's user's library folders. */
export const GET: APIRoute = (context) => projectAnswer(context);
