/** The status line of an answer, as a client reads it from the wire. */
import { get, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { reasonPhrase } from './reasonPhrase.ts';
import { pipeline, type NodeHandler } from './requestPipeline.ts';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

/** The status code and message of what `write` answers behind the step. */
async function statusLine(write: NodeHandler): Promise<[number, string]> {
  const server = createServer(pipeline([reasonPhrase], write));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const answer = await new Promise<IncomingMessage>((resolve) =>
    get(`http://127.0.0.1:${port}/`, resolve),
  );
  answer.resume();
  return [answer.statusCode!, answer.statusMessage!];
}

describe('reasonPhrase', () => {
  it('says Unauthorized for a 401 that Astro wrote with the "OK" of its first response', async () => {
    const line = await statusLine((_req, res) => {
      // As the node adapter writes a page that set only its status (astro/dist/core/app/node.js).
      res.statusMessage = 'OK';
      res.writeHead(401, { 'content-type': 'text/html' }).end('<p>Unauthorized</p>');
    });
    expect(line).toEqual([401, 'Unauthorized']);
  });

  it('says Not Found for a status set without writeHead', async () => {
    const line = await statusLine((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    expect(line).toEqual([404, 'Not Found']);
  });

  it("replaces a writer's own phrase with the status's", async () => {
    const line = await statusLine((_req, res) => res.writeHead(500, 'Server error').end());
    expect(line).toEqual([500, 'Internal Server Error']);
  });
});
