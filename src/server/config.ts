/**
 * Every setting of the server, parsed once from the environment. Each has a working default
 * for one machine, so `npm start` needs no configuration (docs/configuration.md lists them all).
 */
import { z } from 'astro/zod';
import { SIGNUP_MODES } from '../lib/accountRules.ts';
import { CLIENT_IP_MODES } from '../lib/clientAddressLabel.ts';
import { isValidEmail } from '../lib/emailChips.ts';
import { parseTrustProxy } from '../lib/trustProxy.ts';
import { isSameSite } from '../lib/sameSite.ts';
import { parseTrustedHosts } from '../lib/siteOrigin.ts';
import { MAX_SITEMAP_URLS } from '../lib/sitemapEntries.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z
  .object({
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(4321)
      .describe('HTTP port the server listens on.'),
    HOST: z
      .string()
      .default('localhost')
      .describe('Interface to bind; 0.0.0.0 to listen on every interface.'),
    DATA_DIR: z
      .string()
      .default('.data')
      .describe('Folder for the embedded database, media, generated secrets and the mail outbox.'),
    DATABASE_URL: z
      .url()
      .optional()
      .describe('PostgreSQL connection string; unset means embedded PGlite under DATA_DIR.'),
    PUBLIC_URL: z
      .url()
      .optional()
      .describe(
        'Public origin of every absolute link (canonical, previews, oEmbed, sitemaps, feeds, ' +
          'e-mails, embed codes), whatever Host a request names; unset, links use a loopback ' +
          "request's own origin, else http://localhost:{PORT}. An https one marks requests as " +
          'https (Secure cookies, HSTS) unless the X-Forwarded-Proto of a trusted proxy says ' +
          'otherwise.',
      ),
    TRUSTED_HOSTS: z
      .string()
      .default('')
      .transform(parseTrustedHosts)
      .describe(
        'Comma-separated further hosts (host[:port]) this site answers as; a request to one of them gets links to itself rather than to PUBLIC_URL.',
      ),
    APP_URL: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe(
        'Origin of this server when the public site is published as static files at PUBLIC_URL ' +
          '(e.g. https://app.example.com beside https://www.example.com): the published pages ' +
          'send sign-in, search, share, the cart, chat and the studio here. It must be the same ' +
          'site as PUBLIC_URL (one registrable domain); unset, both share one host.',
      ),
    PUBLISH_DIR: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .describe(
        'Folder the public site is published to as static files (npm run publish), kept current ' +
          'by the server after every change.',
      ),
    PUBLISH_BUCKET: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .describe(
        'S3-compatible bucket the public site is published to (the S3_* endpoint and keys), ' +
          'kept current by the server after every change.',
      ),
    API_PORT: z
      .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)])
      .optional()
      .describe(
        "Port of the API origin: Vimeo's API paths (/videos/{id}, /me/videos…) at its root, for " +
          "clients that have no base path, such as Vimeo's own; default PORT + 1, off for none. " +
          'The site keeps the same API under /api for its own pages.',
      ),
    API_HOST: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().toLowerCase().optional())
      .describe(
        'Host name (e.g. api.example.com) whose requests on PORT are the API origin too: a proxy ' +
          'can publish the API on a host of its own without a second port.',
      ),
    API_PUBLIC_URL: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe(
        "Public origin of the API origin, for the absolute links the API gives (a video's " +
          "upload_link); unset, a loopback or TRUSTED_HOSTS request's own origin, else " +
          'http://localhost:{API_PORT}.',
      ),
    MEDIA_CACHE_DIR: z
      .string()
      .optional()
      .describe('Cache of generated demo media, reused across seeds; default DATA_DIR/cache.'),
    SEED_DEMO: flag
      .default(true)
      .describe('Seed the demo catalogue into an empty database at start.'),
    HOME_SHOWCASE_ID: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .describe('Showcase served at / on the main host; unset lists public showcases.'),
    SITEMAP_URL_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_SITEMAP_URLS)
      .default(MAX_SITEMAP_URLS)
      .describe(
        'URLs in one sitemap file (the protocol allows 50,000); past it, /sitemap.xml becomes an index of /sitemaps/{n}.xml files.',
      ),
    DEFAULT_COUNTRY: z
      .string()
      .length(2)
      .toUpperCase()
      .optional()
      .describe(
        'Country (ISO 3166-1) assumed for legal links when no trusted geo header is present.',
      ),
    DEFAULT_REGION: z
      .string()
      .optional()
      .describe(
        'Subdivision (ISO 3166-2, e.g. US-CA) assumed when no trusted geo header is present.',
      ),
    GEO_COUNTRY_HEADER: z
      .string()
      .toLowerCase()
      .optional()
      .describe(
        'Request header set by a trusted proxy with the viewer country, e.g. cf-ipcountry.',
      ),
    GEO_REGION_HEADER: z
      .string()
      .toLowerCase()
      .optional()
      .describe(
        'Request header set by a trusted proxy with the viewer subdivision, e.g. x-region (US-CA).',
      ),
    SIMPLIFIED_SITE: flag
      .default(false)
      .describe('Simplified site: only Terms and Privacy legal links; Help and Upgrade hidden.'),
    PUBLIC_SEARCH: flag
      .default(true)
      .describe(
        'Offer signed-in viewers a search of the public showcases beside their own videos (the search-type dropdown).',
      ),
    SEARCH_RESTRICTED_COUNTRIES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter((c) => c.length === 2),
      )
      .describe(
        'Comma-separated countries (ISO 3166-1) where public search is restricted: no search-type dropdown, and no search box for anonymous viewers.',
      ),
    // An empty value (a compose file's `REDIS_URL=`) means unset.
    REDIS_URL: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe(
        'Redis connection string; when set, rate limits count in Redis and live chat fans out through its pub/sub.',
      ),
    REDIS_PREFIX: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z.string().max(100).regex(/^\S+$/, 'no spaces').optional(),
      )
      .describe(
        "Namespace of this site's channels and keys in Redis ({prefix}:chat, {prefix}:rl:…), so " +
          'that sites may share one Redis: the same on every node of a site, another on each ' +
          "site. Default: vitrine: and an id made at random in the site's database, which every " +
          'node of the site reads.',
      ),
    RATE_LIMIT_STORE: z
      .enum(['memory', 'redis', 'postgres'])
      .optional()
      .describe(
        'Where rate limits are counted: memory (one process), redis (needs REDIS_URL) or ' +
          'postgres (needs DATABASE_URL). Default: redis when REDIS_URL is set, else postgres when ' +
          'several web processes (WEB_CONCURRENCY) share DATABASE_URL, else memory.',
      ),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      })
      .describe(
        'Proxies whose X-Forwarded-For, -Proto and -Host are believed: false, true (every hop; ' +
          'only behind a proxy that overwrites those headers), a hop count, or a comma list of ' +
          'addresses, CIDR ranges and loopback/linklocal/uniquelocal.',
      ),
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024)
      .describe(
        'Largest request body in bytes (forms, JSON); larger ones are refused with 413. The bytes of resumable uploads have their own maximum: the largest file of the plan, the upload quota and UPLOAD_DISK_MARGIN.',
      ),
    UPLOAD_DISK_MARGIN: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(2 * 1024 ** 3)
      .describe(
        'Bytes the disk of DATA_DIR keeps free: an upload that would leave less is refused before its first byte with 507.',
      ),
    RENDER_SLOTS: z.coerce
      .number()
      .int()
      .positive()
      .default(3)
      .describe(
        'Pages rendered at once; the others wait their turn (src/server/http/renderSlots.ts). Cached pages never wait.',
      ),
    RENDER_QUEUE: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(200)
      .describe(
        'Renders that may wait for a slot; the next page asked for is answered 503 with Retry-After at once.',
      ),
    WEB_CONCURRENCY: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Web processes on this machine, sharing PORT and API_PORT; the first also migrates, ' +
          'seeds and runs the job worker, live ingest and cold storage sweep. Default: one a core ' +
          'with DATABASE_URL; the embedded database always runs one (docs/deploying.md).',
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('pino log level.'),
    LOG_CLIENT_IP: z
      .enum(CLIENT_IP_MODES)
      .default('truncated')
      .describe(
        'How much of the client address the access log keeps: full, truncated (IPv4 /24, IPv6 /48) or off.',
      ),
    METRICS_TOKEN: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional())
      .describe('Bearer token /metrics asks for; unset serves /metrics to anyone who reaches it.'),
    FFMPEG_PATH: z
      .string()
      .optional()
      .describe('ffmpeg binary; else ffmpeg on PATH; else the bundled build.'),
    FFPROBE_PATH: z
      .string()
      .optional()
      .describe('ffprobe binary; else ffprobe on PATH; else the bundled build.'),
    S3_BUCKET: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .describe('Keep media in this S3-compatible bucket instead of DATA_DIR/media.'),
    S3_ENDPOINT: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe('URL of an S3-compatible service (MinIO, Ceph, R2…); unset means AWS S3.'),
    S3_REGION: z.string().default('us-east-1').describe('Region of the bucket (R2 takes auto).'),
    S3_FORCE_PATH_STYLE: flag
      .optional()
      .describe(
        'Address the bucket as ENDPOINT/BUCKET/KEY rather than BUCKET.ENDPOINT/KEY; default true when S3_ENDPOINT is set.',
      ),
    S3_ACCESS_KEY_ID: z
      .string()
      .optional()
      .describe(
        'Access key of the bucket; unset uses the AWS SDK chain (AWS_* variables, an instance role).',
      ),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .optional()
      .describe('Secret key that goes with S3_ACCESS_KEY_ID.'),
    S3_ARCHIVE_STORAGE_CLASS: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .describe(
        'Storage class of archived (cold) source files, e.g. GLACIER_IR on AWS; unset keeps the bucket default.',
      ),
    COLD_RESTORE_DELAY: z.coerce
      .number()
      .int()
      .min(0)
      .default(4 * 60 * 60)
      .describe(
        'Seconds an archived (cold) source file takes to be retrieved after a viewer asks for it.',
      ),
    WORKER: z
      .enum(['on', 'off', 'true', 'false', '1', '0'])
      .default('on')
      .transform((v) => v === 'on' || v === 'true' || v === '1')
      .describe(
        'Run the job worker (transcoding) inside the server; off when `npm run worker` processes run it instead.',
      ),
    RTMP_PORT: z
      .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)])
      .default(1935)
      .describe(
        'Port the live ingest (RTMP) listens on for encoders; off runs no ingest in this process (set it on the nodes that take live streams).',
      ),
    RTMP_HOST: z.string().optional().describe('Interface the live ingest binds; default HOST.'),
    RTMP_PUBLIC_URL: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe(
        'Ingest address shown to owners for their encoder, e.g. rtmp://live.example.com/live; default rtmp://{the page host}:{RTMP_PORT}/live.',
      ),
    LIVE_GRACE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(30)
      .describe(
        'Seconds an encoder may drop and reconnect with the same key and still resume the same broadcast.',
      ),
    LIVE_MAX_HEIGHT: z.coerce
      .number()
      .int()
      .min(144)
      .default(1080)
      .describe(
        'Tallest rendition of the live ladder; sources above it are scaled down (and above 30 fps, halved) to spare the CPU.',
      ),
    DEMO_LIVE: z
      .enum(['on', 'off', 'true', 'false', '1', '0'])
      .default('on')
      .transform((v) => v === 'on' || v === 'true' || v === '1')
      .describe(
        "Feed the demo's streaming event with a generated test picture (ffmpeg), and have its host say a line in its chat now and then, while the server runs.",
      ),
    MAIL_URL: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe(
        'SMTP server for outgoing mail (smtp:// or smtps://, user and password in the URL); unset writes each mail as an .eml file into DATA_DIR/outbox.',
      ),
    MAIL_FROM: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .describe(
        'Sender of outgoing mail, e.g. "Vitrine <no-reply@example.com>"; default Vitrine <no-reply@{the PUBLIC_URL host}>. With MAIL_URL, set it unless PUBLIC_URL names a domain: the server does not start with a loopback sender.',
      ),
    REVIEW_MAIL_DELAY: z.coerce
      .number()
      .int()
      .min(0)
      .default(10 * 60)
      .describe(
        "Seconds from a video's first new review note to the one e-mail that tells its managers about every note left meanwhile.",
      ),
    SIGNUP: z
      .enum(SIGNUP_MODES)
      .default('invitation')
      .describe(
        'Who may create an account at /sign_up: open (anyone), invitation (only with a team ' +
          'invitation link) or closed (nobody; accounts are made by an operator).',
      ),
    CAPTCHA_WORK: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .default(50_000)
      .describe(
        'Most hashes the share captcha (ALTCHA proof of work) asks of a browser; about half that on average, a fraction of a second on a phone.',
      ),
    STOCK_CHECKOUT_URL: z
      .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
      .describe(
        'Checkout of the stock cart, an external shop or payment page; unset hides the Checkout button.',
      ),
    SITE_CONFIG: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
      .describe(
        'Site configuration file (JSON): the addresses of optional footer links such as feature ' +
          'pages, blog, careers, app stores, press. Unset reads site.config.json in the folder the ' +
          'server starts in, and no such file configures no optional link.',
      ),
    BENCH_ROUTES: flag
      .default(false)
      .describe('Serve /bench/bare, the bare page the benchmark compares against.'),
  })
  .superRefine((settings, context) => {
    // Real mail needs a sender its recipients' servers accept: not no-reply@127.0.0.1.
    if (
      settings.MAIL_URL &&
      !settings.MAIL_FROM &&
      !isValidEmail(`no-reply@${settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).hostname : ''}`)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message:
          'MAIL_URL sends real mail: set MAIL_FROM (e.g. "Vitrine <no-reply@example.com>"), or PUBLIC_URL with a domain name, to name its sender',
      });
    }
    if (
      settings.APP_URL &&
      !(settings.PUBLIC_URL && isSameSite(new URL(settings.APP_URL), new URL(settings.PUBLIC_URL)))
    ) {
      context.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message:
          'APP_URL must be the same site as PUBLIC_URL (one scheme and one registrable domain, e.g. https://app.example.com beside https://www.example.com): a browser sends no cookies from a page of one site to another, so sign-in, the cart and chat would not work from the published pages',
      });
    }
    if (Boolean(settings.S3_ACCESS_KEY_ID) !== Boolean(settings.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

/**
 * The port of the API origin (API_PORT), or null when there is none. By default it is the
 * port after the site's; a site on a random port (PORT=0) gets a random one too.
 */
export function apiPort({ PORT, API_PORT }: Pick<Config, 'PORT' | 'API_PORT'>): number | null {
  if (API_PORT === 'off') return null;
  return API_PORT ?? (PORT === 0 ? 0 : PORT + 1);
}

/** Parses an environment; a bad value throws with the variable's name. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The configuration of this process, parsed once. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
