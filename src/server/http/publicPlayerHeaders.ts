/**
 * /player.js is imported as a module by pages of other sites, which a browser allows only
 * with CORS: the file is public and carries no credentials, so any origin may read it.
 */
import type { Step } from './requestPipeline.ts';

const PUBLIC_PLAYER_PATH = '/player.js';

export const publicPlayerHeaders: Step = (req, res, next) => {
  if (req.url?.split('?')[0] === PUBLIC_PLAYER_PATH)
    res.setHeader('Access-Control-Allow-Origin', '*');
  next();
};
