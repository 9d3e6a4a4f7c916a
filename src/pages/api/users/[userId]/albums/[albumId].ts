import type { APIRoute } from 'astro';
import { albumAnswer } from '../../../../../server/api/albumAnswers.ts';

/** GET /users/{userId}/albums/{albumId}: Vimeo's address of an album, the uri every album carries. */
export const GET: APIRoute = (context) => albumAnswer(context);
