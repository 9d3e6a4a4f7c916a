import type { APIRoute } from 'astro';
import { albumAnswer } from '../../../server/api/albumAnswers.ts';

/** GET /api/albums/{albumId} (SPEC §7; Vimeo's album, also at /users/{userId}/albums/{albumId}). */
export const GET: APIRoute = (context) => albumAnswer(context);
