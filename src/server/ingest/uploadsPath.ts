/** Where resumable uploads (tus) are served; the body limit leaves this path to them. */
export const UPLOADS_PATH = '/api/uploads';

/** Response header of the request that finished an upload: the id of the new video. */
export const VIDEO_ID_HEADER = 'Vitrine-Video-Id';
