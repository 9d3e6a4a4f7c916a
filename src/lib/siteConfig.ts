/**
 * The site configuration file (site.config.json, docs/configuration.md): where the
 * footer's links to things a self-hosted site may not have lead — feature pages, on demand,
 * careers, app stores, investors, press… A link is rendered only when its address is set,
 * so a site that sets none shows no dead link.
 */
import { z } from 'astro/zod';

/** The feature pages of SPEC §2, in its order: /features/{slug} on the reference site. */
export const FEATURE_SLUGS = [
  'interactive-video',
  'auto-caption',
  'webinar',
  'virtual-events',
  'video-player',
  'video-library',
  'livestreaming',
  'screen-recorder',
  'video-privacy',
  'video-collaboration',
  'video-marketing',
  'video-analytics',
  'online-video-hosting',
] as const;
export type FeatureSlug = (typeof FEATURE_SLUGS)[number];

/** An http(s) address, or a path of this host that another service answers (a blog behind the same proxy). */
const linkTarget = z
  .string()
  .trim()
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https?:$/.test(URL.parse(value)?.protocol ?? ''),
    {
      message: 'must be an http:// or https:// address, or a path that starts with a single /',
    },
  );

const optionalLink = (what: string) => linkTarget.optional().describe(what);

const siteLinksSchema = z.strictObject({
  create: optionalLink('Footer "Create" (Product).'),
  videoEditor: optionalLink('Footer "Video editor" (Product).'),
  onDemand: optionalLink('Footer "On Demand" (Product).'),
  ott: optionalLink('Footer "OTT streaming" (Product).'),
  features: z
    .strictObject(
      Object.fromEntries(
        FEATURE_SLUGS.map((slug) => [
          slug,
          optionalLink(`Footer feature page "${slug}" (Product > Features).`),
        ]),
      ) as Record<FeatureSlug, ReturnType<typeof optionalLink>>,
    )
    .default({})
    .describe('Feature pages, by the slug of SPEC §2 /features/{slug}.'),
  blog: optionalLink('Footer "Blog" (Resources).'),
  staffPicks: optionalLink('Footer "Staff Picks" (Resources).'),
  forHire: optionalLink('Footer "For hire" (Resources).'),
  experts: optionalLink('Footer "Experts" (Resources).'),
  developers: optionalLink('Footer "Developers" (Resources).'),
  appStore: optionalLink('Footer "Download on the App Store" (Apps).'),
  googlePlay: optionalLink('Footer "Get it on Google Play" (Apps).'),
  careers: optionalLink('Footer "Careers" (Company).'),
  partners: optionalLink('Footer "Partners" (Company).'),
  customers: optionalLink('Footer "Customers" (Company).'),
  investors: optionalLink('Footer "Investors" (Company).'),
  press: optionalLink('Footer "Press" (Company).'),
});

const siteConfigSchema = z.strictObject({
  links: siteLinksSchema
    .default({ features: {} })
    .describe('Addresses of the optional footer links; an unset link is not rendered.'),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type SiteLinks = SiteConfig['links'];

/** A site that configures nothing: the footer links only what Vitrine itself serves. */
export const EMPTY_SITE_CONFIG: SiteConfig = { links: { features: {} } };

/** A configuration file that cannot be used: the message names the file and every bad field. */
export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

/** Reads the text of a configuration file; `source` names it in the error. */
export function parseSiteConfig(text: string, source: string): SiteConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SiteConfigError(
      `Invalid site configuration in ${source}: not JSON (${(error as Error).message})`,
    );
  }
  const parsed = siteConfigSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new SiteConfigError(`Invalid site configuration in ${source}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
