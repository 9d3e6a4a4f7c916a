import { defineConfig, devices } from '@playwright/test';
import { API_PORT } from './tests/e2e/apiPort.ts';
import { DATABASE_PASS, E2E_DATABASE_URL } from './tests/e2e/databasePass.ts';

const port = Number(process.env['E2E_PORT'] ?? 4455);
const oidcPort = Number(process.env['E2E_OIDC_PORT'] ?? 4460);
const rtmpPort = Number(process.env['E2E_RTMP_PORT'] ?? 4461);
const smtpPort = Number(process.env['E2E_SMTP_PORT'] ?? 4462);
const secondPort = Number(process.env['E2E_SECOND_PORT'] ?? port + 15);

/**
 * `VITRINE_E2E=database` runs only the files whose outcome rests on the database (CI's second
 * pass on PostgreSQL): they write through the product (accounts and sessions, the studio,
 * uploads, chat, live events, the cart, shares, tokens, restores, saved filters), count rate
 * limits in it, search (the query written per database), or wait on its notifications. The
 * other files read the seeded demo, which either database serves alike; `outage.spec.ts`
 * starts a PostgreSQL server of its own in every pass, and `cluster.spec.ts` makes a PostgreSQL
 * database of its own, so the first pass runs it and this one does not. Nor does what axe-core
 * checks (markup, names, contrast) rest on the database: that pass leaves out the tests tagged
 * `@accessibility`, sweeps of screens through locales and themes, and `expectAccessible`
 * passes there (tests/e2e/fixtures.ts); the first pass ran them on the same build and data.
 */
const DATABASE_SPECS = [
  'access',
  'analytics',
  'account',
  'accounts',
  'api',
  'apiTokens',
  'chat',
  'contentGates',
  'downloads',
  'folders',
  'goLive',
  'ingestBeside',
  'live',
  'liveViewer',
  'manageVideos',
  'pageCache',
  'review',
  'search',
  'share',
  'sharedBodies',
  'simulcast',
  'sso',
  'stock',
  'studio',
  'studioLibrary',
  'uploads',
  'vimeoClient',
  'watch',
  'webProcesses',
].map((name) => `${name}.spec.ts`);

/**
 * Files that reach nothing but the site's own origin (no API origin, RTMP, mail, SSO or
 * other-site port, no data folder) and pass on a demo of their own: in the first pass they run
 * on a second server, beside the other files, so the suite takes two lanes instead of one.
 * Within a lane files still run one at a time, as they were written to. The lanes hold about
 * the same time: move a file across when one grows.
 */
const SECOND_LANE_SPECS = [
  'access',
  'account',
  'chat',
  'contentGates',
  'dashboard',
  'downloads',
  'errorCatalogue',
  'footer',
  'fuzz',
  'grid',
  'home',
  'leaks',
  'linkCrawler',
  'liveViewer',
  'owner',
  'refusals',
  'search',
  'stock',
  'viewer',
  'zeroJs',
].map((name) => `${name}.spec.ts`);

/** Two servers need two databases: the embedded one gives each its own; a PostgreSQL one is one. */
const TWO_LANES = !DATABASE_PASS && E2E_DATABASE_URL === undefined;

const desktop = { ...devices['Desktop Chrome'], channel: undefined };

/** What both servers are started with: a freshly seeded demo, as an operator would run it. */
const serverEnv = {
  HOST: '127.0.0.1',
  VITRINE_SKIP_BUILD: '1',
  LOG_LEVEL: 'warn',
  MEDIA_CACHE_DIR: '.data/cache',
  // The footer's legal links follow the viewer's region: tests set these headers.
  GEO_COUNTRY_HEADER: 'x-test-country',
  GEO_REGION_HEADER: 'x-test-region',
  // Tests stand for several clients by sending X-Forwarded-For.
  TRUST_PROXY: 'true',
  // An archived file asked for comes back at the next sweep, within a second, not hours
  // (tests/e2e/downloads.spec.ts waits for that state).
  COLD_RESTORE_DELAY: '0',
  // The captcha asks little work of a headless browser on a shared machine.
  CAPTCHA_WORK: '5000',
  // The demo team signs in by SSO against the provider below (tests/e2e/sso.spec.ts).
  DEMO_SSO_ISSUER: `http://127.0.0.1:${oidcPort}`,
  DEMO_SSO_CLIENT_ID: 'vitrine-e2e',
  DEMO_SSO_CLIENT_SECRET: 'vitrine-e2e-client-secret',
};

/**
 * One built server for the e2e files (scripts/test.mjs builds first and resolves
 * CHROMIUM_PATH), and in the first pass a second one for SECOND_LANE_SPECS. Each serves a freshly
 * seeded demo from its own data folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  ...(DATABASE_PASS ? { testMatch: DATABASE_SPECS, grepInvert: /@accessibility/ } : {}),
  fullyParallel: false,
  workers: TWO_LANES ? 2 : 1,
  retries: 0,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Two lanes share the machine's cores: a test that sweeps several screens with axe may take
  // twice what it takes alone.
  timeout: TWO_LANES ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: TWO_LANES
    ? [
        { name: 'chromium', use: desktop, testIgnore: SECOND_LANE_SPECS, workers: 1 },
        {
          name: 'second lane',
          use: { ...desktop, baseURL: `http://127.0.0.1:${secondPort}` },
          testMatch: SECOND_LANE_SPECS,
          workers: 1,
        },
      ]
    : [{ name: 'chromium', use: desktop }],
  webServer: [
    {
      command: 'node tests/e2e/serve.mjs',
      url: `http://127.0.0.1:${port}/healthz`,
      // A cold media cache (a fresh checkout) makes the first start render every demo clip.
      timeout: 900_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(port),
        API_PORT: String(API_PORT),
        // Live tests push to this port with ffmpeg (tests/e2e/live.spec.ts).
        RTMP_PORT: String(rtmpPort),
        // Share e-mails go to the SMTP server tests/e2e/share.spec.ts runs (smtpInbox.ts); the
        // second lane's server keeps its mail in its outbox folder, out of that inbox.
        MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Vitrine <no-reply@vitrine.test>',
        // Review notes are mailed in batches a few seconds long (tests/e2e/review.spec.ts).
        REVIEW_MAIL_DELAY: '8',
      },
    },
    ...(TWO_LANES
      ? [
          {
            command: 'node tests/e2e/serve.mjs',
            url: `http://127.0.0.1:${secondPort}/healthz`,
            timeout: 900_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: {
              ...serverEnv,
              PORT: String(secondPort),
              API_PORT: String(secondPort + 1),
              RTMP_PORT: String(secondPort + 2),
              DATA_DIR: `${process.env['DATA_DIR'] ?? '.data/e2e'}-second`,
              E2E_START_AFTER: `http://127.0.0.1:${port}/healthz`,
            },
          },
        ]
      : []),
    {
      // A real OpenID Connect provider on loopback (oidc-provider), for SSO sign-in.
      command: 'node tests/e2e/oidcProvider.mjs',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      // Two lanes share the machine's cores: a test that sweeps several screens with axe may take
      // twice what it takes alone.
      timeout: TWO_LANES ? 60_000 : 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(oidcPort), E2E_PORT: String(port) },
    },
  ],
});
