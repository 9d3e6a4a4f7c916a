/**
 * A page of another site for embed tests: a plain HTTP server on loopback that serves the
 * HTML it is given, reachable as http://localhost:{port} and http://127.0.0.2:{port}, two
 * origins that are not the app's (http://127.0.0.1:{E2E_PORT}).
 */
import { createServer, type Server } from 'node:http';

export const OTHER_PORT = Number(process.env['E2E_OTHER_PORT'] ?? 4463);

export interface OtherSite {
  /** Serves `body` at `path` from now on: HTML, or JavaScript for a path ending in .js. */
  page(path: string, body: string): void;
  close(): Promise<void>;
}

export async function openOtherSite(port = OTHER_PORT): Promise<OtherSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    const type = request.url?.split('?')[0]?.endsWith('.js') ? 'text/javascript' : 'text/html';
    response.writeHead(html === undefined ? 404 : 200, {
      'Content-Type': `${type}; charset=utf-8`,
    });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  return {
    page: (path, body) => pages.set(path, body),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const pageWith = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner site</title></head><body><main><h1>Partner site</h1>${body}</main></body></html>`;
