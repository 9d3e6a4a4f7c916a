// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import UnoCSS from '@unocss/astro';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { precompressFolder } from './src/build/precompress.ts';

// No build, check or dev server of this project reports usage to Astro; setting the
// variable yourself (even to an empty value) decides otherwise.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

/**
 * /player.js (src/player/publicPlayer.ts) is loaded by other sites under a name that never
 * changes, so it is bundled on its own into public/ rather than hashed with the pages' code.
 */
const publicPlayer = {
  name: 'vitrine-public-player',
  hooks: {
    'astro:config:setup': () => {
      buildSync({
        entryPoints: ['src/player/publicPlayer.ts'],
        bundle: true,
        format: 'esm',
        minify: true,
        target: 'es2022',
        outfile: 'public/player.js',
        logLevel: 'warning',
      });
    },
  },
};

/**
 * `client:interaction` (src/islands/interactionDirective.ts): an island hydrated when someone
 * first reaches for it, the directive's few hundred bytes inlined by Astro in the page.
 */
const interactionDirective = {
  name: 'vitrine-client-interaction',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string, entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interaction',
        entrypoint: './src/islands/interactionDirective.ts',
      });
    },
  },
};

/**
 * The built scripts, styles and SVG, compressed once beside themselves (src/build/precompress.ts)
 * for the file server to send as they are (src/server/http/clientFiles.ts).
 */
let clientDir = '';
const precompressClient = {
  name: 'vitrine-precompress',
  hooks: {
    /** @param {{ config: import('astro').AstroConfig }} options */
    'astro:config:done': ({ config }) => {
      clientDir = fileURLToPath(config.build.client);
    },
    /** @param {{ logger: import('astro').AstroIntegrationLogger }} options */
    'astro:build:done': async ({ logger }) => {
      logger.info(
        `${await precompressFolder(clientDir)} compressed copies of the client files written`,
      );
    },
  },
};

export default defineConfig({
  output: 'server',
  // VITRINE_DIST_DIR keeps a second build (a test run beside development) apart.
  outDir: process.env.VITRINE_DIST_DIR ?? './dist',
  // src/server/main.ts imports the adapter's handler and wraps it with compression, the
  // built files (clientFiles.ts), migrations and a clean shutdown.
  // A page is rendered to one string: the server holds every page whole anyway (its policy hashes
  // its inline code, and it is compressed in one go), and a stream of hundreds of small encoded
  // chunks cost more than the rendering of the page's data.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Astro's messages as pino JSON lines in production (src/server/astroLogDestination.mjs).
  logger: { entrypoint: './src/server/astroLogDestination.mjs' },
  integrations: [
    UnoCSS({ injectReset: true }),
    react(),
    interactionDirective,
    publicPlayer,
    precompressClient,
  ],
  i18n: {
    locales: ['en', 'es', 'de-DE', 'fr-FR', 'ja-JP', 'ko-KR', 'pt-BR', 'zh-CN'],
    defaultLocale: 'en',
    // src/middleware.ts reads the prefix, negotiates unprefixed requests and rewrites to
    // the one set of pages, so each route exists once for all eight locales.
    routing: 'manual',
  },
  security: {
    // Astro builds each request's URL and clientAddress from X-Forwarded-Proto, -Host and
    // -For. The server's first steps (src/server/http/publicOrigin.ts) overwrite all three on
    // every request from TRUST_PROXY and PUBLIC_URL, so Astro may read them whatever the host.
    allowedDomains: [{}],
    // src/middleware.ts applies the same rule (src/lib/crossSiteForm.ts), sparing what this
    // switch cannot: calls with a bearer token and the OAuth token endpoint, which scripts
    // post to as forms with no Origin.
    checkOrigin: false,
    // Each page's Content-Security-Policy, with the hashes of the inline scripts and styles
    // it holds, is written by src/middleware.ts (src/lib/pagePolicy.ts).
  },
  // The site pages in content/pages are prose: code blocks stay plain rather than pulling in
  // Shiki, whose colours are inline styles outside the pages' policy.
  markdown: { syntaxHighlight: false },
  build: {
    // Pages link their stylesheets, and the server writes them into each page as it reads it
    // whole (src/lib/inlineStylesheets.ts): a first visit gets them inline (external, they are
    // six render-blocking requests that its LCP waits for, scripts/benchLcp.ts), while the
    // renderer's string stays a third smaller.
    inlineStylesheets: 'never',
  },
  server: { port: 4321 },
  devToolbar: { enabled: false },
});
