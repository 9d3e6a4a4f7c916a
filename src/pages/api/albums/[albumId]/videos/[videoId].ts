import type { APIRoute } from 'astro';
import {
  addAlbumVideoAnswer,
  removeAlbumVideoAnswer,
} from '../../../../../server/api/apiAlbumWrites.ts';
import { albumVideoAnswer } from '../../../../../server/api/albumAnswers.ts';

/** GET /api/albums/{albumId}/videos/{videoId} (SPEC §7; Vimeo's album video). */
export const GET: APIRoute = (context) => albumVideoAnswer(context);

/** PUT …/albums/{albumId}/videos/{videoId}: the owner adds a video of theirs (`edit` scope; 204). */
export const PUT: APIRoute = (context) => addAlbumVideoAnswer(context);

/** DELETE …/albums/{albumId}/videos/{videoId}: the owner takes it out of the album (`edit` scope; 204). */
export const DELETE: APIRoute = (context) => removeAlbumVideoAnswer(context);
