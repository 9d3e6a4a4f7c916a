import type { APIRoute } from 'astro';
import { createVersionAnswer } from '../../../../server/api/apiVideoWrites.ts';

/** POST /videos/{videoId}/versions: Vimeo's replace(), a new source by tus (`upload` scope). */
export const POST: APIRoute = (context) => createVersionAnswer(context);
