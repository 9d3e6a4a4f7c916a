/**
 * A page is rendered, cached and linked under its canonical address (src/lib/pageQuery.ts):
 * a visitor from a campaign link gets the cached page, and its canonical link, sign-in return
 * address and language links name no campaign. Installed before the page cache, so both see
 * the same address; files, media and the API keep their query as sent.
 */
import { canonicalPageTarget } from '../../lib/pageQuery.ts';
import { isPageRender } from './renderSlots.ts';
import type { Step } from './requestPipeline.ts';

export const canonicalQuery: Step = (req, _res, next) => {
  if (req.url?.includes('?') && isPageRender(req.method, req.url))
    req.url = canonicalPageTarget(req.url);
  next();
};
