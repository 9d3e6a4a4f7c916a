import type { APIRoute } from 'astro';
import { jsonError } from '../../server/http/errorResponse.ts';

/** Any other API path, with any method: a JSON 404 in the API's shape, never the HTML page. */
export const ALL: APIRoute = ({ locals }) => jsonError(locals, 404);
