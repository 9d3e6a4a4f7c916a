/**
 * The site configuration of this process (src/lib/siteConfig.ts), read once from SITE_CONFIG,
 * else from site.config.json in the folder the server starts in. The server reads it at start
 * (main.ts), so a bad file stops it with one clear message; edits take effect on a restart,
 * with no rebuild.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  EMPTY_SITE_CONFIG,
  parseSiteConfig,
  SiteConfigError,
  type SiteConfig,
} from '../lib/siteConfig.ts';
import { config } from './config.ts';

const DEFAULT_SITE_CONFIG_FILE = 'site.config.json';

/** The configuration in `file`; a missing file is no configuration unless it was named on purpose. */
export function readSiteConfig(file: string | undefined): SiteConfig {
  const path = resolve(file ?? DEFAULT_SITE_CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && file === undefined)
      return EMPTY_SITE_CONFIG;
    throw new SiteConfigError(
      `Cannot read the site configuration ${path} (SITE_CONFIG): ${(error as Error).message}`,
    );
  }
  return parseSiteConfig(text, path);
}

let cached: SiteConfig | undefined;

export function siteConfig(): SiteConfig {
  cached ??= readSiteConfig(config().SITE_CONFIG);
  return cached;
}
