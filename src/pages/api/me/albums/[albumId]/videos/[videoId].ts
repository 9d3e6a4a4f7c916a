import type { APIRoute } from 'astro';
import { albumVideoAnswer } from '../../../../../../server/api/albumAnswers.ts';
import {
  addAlbumVideoAnswer,
  removeAlbumVideoAnswer,
} from '../../../../../../server/api/apiAlbumWrites.ts';

/** GET /me/albums/{albumId}/videos/{videoId}: as at /albums/{albumId}/videos/{videoId}. */
export const GET: APIRoute = (context) => albumVideoAnswer(context);

/** PUT …/videos/{videoId}: the owner adds a video of theirs (`edit` scope; 204), as Vimeo documents it. */
export const PUT: APIRoute = (context) => addAlbumVideoAnswer(context);

/** DELETE …/videos/{videoId}: the owner takes it out of the album (`edit` scope; 204). */
export const DELETE: APIRoute = (context) => removeAlbumVideoAnswer(context);
