import type { KnipConfig } from 'knip';

/** `npm test` runs knip: an unused file, export or dependency fails it. */
const config: KnipConfig = {
  entry: [
    // Spawned by path rather than imported: the bench's static baseline, the fault scripts.
    'scripts/*.{ts,mjs}',
    'scripts/faults/*.ts',
    // Named by path in astro.config.mjs: /player.js, Astro's logger, the client directive.
    'src/player/publicPlayer.ts',
    'src/server/astroLogDestination.mjs',
    'src/islands/interactionDirective.ts',
  ],
  // Read from node_modules by path (tests/e2e/playerApi.spec.ts) or through createRequire
  // (tests/e2e/vimeoClient.spec.ts), which knip cannot follow.
  // @types/smtp-server types tests/e2e/smtpInbox.ts for tsc, which knip does not count.
  ignoreDependencies: ['@vimeo/player', '@vimeo/vimeo', '@types/smtp-server'],
  // tests/e2e/tlsProxy.ts makes its certificate with the machine's openssl.
  ignoreBinaries: ['openssl'],
};

export default config;
