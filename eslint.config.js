// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

/**
 * The house's layers (DESIGN "Layout"): the pure logic in src/lib, the server in src/server,
 * the pages on top, the islands beside them. A relative import climbs any number of folders
 * (`../../server/db/client.ts`), so each rule matches a path of `.`/`..` steps into the folder.
 */
function intoSrc(folders, message) {
  return {
    regex: `^(\\.{1,2}/)+(${folders.join('|')})(/|$)`,
    message,
  };
}

const RTMP_ADAPTER = 'src/server/live/rtmpProtocol.ts';

/** node-media-server is driven through its internals: only the RTMP adapter may reach them. */
const mediaServerInternals = {
  group: ['node-media-server', 'node-media-server/*'],
  message: `Use ${RTMP_ADAPTER}, the one adapter over node-media-server.`,
};
const intoServer = intoSrc(
  ['server'],
  'An island runs in the browser: take what it needs from src/lib or as props.',
);
const intoPages = intoSrc(
  ['pages'],
  'The server serves the pages: move shared code into src/server.',
);
const intoDatabase = intoSrc(
  ['server/db'],
  'A component renders what it is given: the page or a service reads the database.',
);
const queryBuilder = {
  regex: '^drizzle-orm(/|$)',
  message: 'A route calls services: run the query in src/server.',
};
const intoUpperLayers = intoSrc(
  ['server', 'pages', 'islands', 'components'],
  'src/lib is pure logic: it imports only src/lib and packages.',
);

/** One block a layer: a later block's options for a rule replace an earlier one's. */
function refuseImports(files, patterns, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const layerRules = [
  refuseImports(['**/*'], [mediaServerInternals], [RTMP_ADAPTER]),
  refuseImports(['src/islands/**'], [mediaServerInternals, intoServer]),
  refuseImports(['src/server/**'], [mediaServerInternals, intoPages], [RTMP_ADAPTER]),
  refuseImports([RTMP_ADAPTER], [intoPages]),
  refuseImports(['src/lib/**'], [mediaServerInternals, intoUpperLayers]),
  refuseImports(['src/components/**', 'src/layouts/**'], [mediaServerInternals, intoDatabase]),
  refuseImports(['src/pages/**'], [mediaServerInternals, queryBuilder]),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.data/',
      'node_modules/',
      'playwright-report/',
      'test-results/',
      'drizzle/',
      'public/player.js',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  ...layerRules,
  {
    // A page's status and Cache-Control are decided in one place: src/server/http/pageResponse.ts
    // for pages, the header records of src/server/http/cacheControl.ts for routes' Responses.
    files: ['src/pages/**/*.astro', 'src/pages/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name='status']",
          message:
            'Answer through src/server/http/pageResponse.ts (respondPrivate, respondPublic, respondError), which sets status and Cache-Control together.',
        },
        {
          selector:
            "CallExpression[callee.property.name='set'] > Literal.arguments:first-child[value=/^cache-control$/i]",
          message:
            'Set Cache-Control through src/server/http/pageResponse.ts (respondPrivate, respondPublic, respondError).',
        },
        {
          selector: 'Property > Literal.key[value=/^cache-control$/i]',
          message:
            'Spread NO_STORE_HEADERS, PRIVATE_HEADERS or SHARED_HEADERS from src/server/http/cacheControl.ts.',
        },
        {
          selector:
            'Literal[value=/(^|, ?)(no-store|no-cache|max-age=|s-maxage=|must-revalidate)/]',
          message:
            'A Cache-Control value belongs in src/server/http/cacheControl.ts; answer through src/server/http/pageResponse.ts.',
        },
      ],
    },
  },
);
