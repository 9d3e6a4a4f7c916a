// A real OpenID Connect provider (oidc-provider) on loopback for the SSO e2e tests, with one
// client (the e2e app server) and an in-memory account store. Its built-in development
// login form takes any password: the account is the login typed. It also serves two small
// pages from its own origin, a second origin for the tests: /e2e/post-to-opener posts a
// `{ type: 'success' }` to whatever opened it, and /e2e/host frames an embed.
import http from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 4460);
const appOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4455)}`;
const issuer = `http://127.0.0.1:${port}`;

/** Must match DEMO_SSO_CLIENT_ID / DEMO_SSO_CLIENT_SECRET of the app server (playwright.config.ts). */
const client = { client_id: 'vitrine-e2e', client_secret: 'vitrine-e2e-client-secret' };

const accounts = new Map([
  // A demo account who is already a Viewer of the demo team.
  [
    'viewer@vitrine.test',
    { email: 'viewer@vitrine.test', email_verified: true, name: 'Kenji Watanabe' },
  ],
  // Nobody at Vitrine yet: created and made a team Viewer on first sign-in.
  [
    'sso-newcomer@vitrine.test',
    { email: 'sso-newcomer@vitrine.test', email_verified: true, name: 'Noor Newcomer' },
  ],
  // The provider does not vouch for this address: Vitrine must refuse it.
  [
    'unverified@vitrine.test',
    { email: 'unverified@vitrine.test', email_verified: false, name: 'Una Unverified' },
  ],
]);

const provider = new Provider(issuer, {
  clients: [
    {
      ...client,
      redirect_uris: [`${appOrigin}/auth0/callback`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  cookies: { keys: ['vitrine-e2e-only-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  async findAccount(ctx, id) {
    const account = accounts.get(String(id).toLowerCase());
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
});

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const pages = {
  '/e2e/post-to-opener': page(
    'Another origin',
    `<h1>Another origin</h1><script>
      if (window.opener) window.opener.postMessage({ type: 'success' }, '*');
      document.title = 'Posted';
    </script>`,
  ),
  '/e2e/host': page('A site embedding a showcase', `<h1>A site embedding a showcase</h1>`),
};

const callback = provider.callback();
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', issuer);
  if (url.pathname === '/e2e/host') {
    const src = new URL(url.searchParams.get('src') ?? '/', appOrigin);
    if (src.origin !== appOrigin) return res.writeHead(400).end();
    const html = pages['/e2e/host'].replace(
      '</body>',
      `<iframe src="${src.href}" title="Embedded showcase" width="800" height="500"></iframe></body>`,
    );
    return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }
  if (url.pathname in pages)
    return res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(pages[url.pathname]);
  return callback(req, res);
});

server.listen(port, '127.0.0.1', () => console.log(`OIDC provider ${issuer}`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
