/**
 * The public-origin step in front of a handler that reports the X-Forwarded-* headers Astro
 * will read, over real loopback connections: the peer is 127.0.0.1.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrust, type TrustProxy } from '../../lib/trustProxy.ts';
import { clientAddress, publicOrigin, servedOverHttps } from './publicOrigin.ts';
import { pipeline } from './requestPipeline.ts';

interface Seen {
  for?: string | undefined;
  proto?: string | undefined;
  host?: string | undefined;
  port?: string | undefined;
  country?: string | undefined;
  logged?: string | undefined;
}

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Sends `headers` through the step configured with `trustProxy` and `publicUrl`. */
async function through(
  trustProxy: TrustProxy,
  headers: Record<string, string>,
  publicUrl?: string,
): Promise<Seen> {
  const step = publicOrigin({
    trust: compileTrust(trustProxy),
    publicUrl: publicUrl ? new URL(publicUrl) : undefined,
    proxyOnlyHeaders: ['cf-ipcountry'],
  });
  server = createServer(
    pipeline([step], (req, res) => {
      const seen: Seen = {
        for: req.headers['x-forwarded-for'] as string | undefined,
        proto: req.headers['x-forwarded-proto'] as string | undefined,
        host: req.headers['x-forwarded-host'] as string | undefined,
        port: req.headers['x-forwarded-port'] as string | undefined,
        country: req.headers['cf-ipcountry'] as string | undefined,
        logged: clientAddress(req),
      };
      res.end(JSON.stringify(seen));
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, headers }, (res) => {
      let text = '';
      res
        .on('data', (chunk: Buffer) => (text += chunk))
        .on('end', () => resolve(JSON.parse(text) as Seen));
    })
      .on('error', reject)
      .end();
  });
}

const forged = {
  'X-Forwarded-For': '198.51.100.1',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Port': '8443',
  'CF-IPCountry': 'GB',
};

describe('given no trusted proxy', () => {
  it('ignores every X-Forwarded header a client sends', async () => {
    expect(await through(false, forged)).toEqual({
      for: '127.0.0.1',
      proto: 'http',
      logged: '127.0.0.1',
    });
  });

  it('ignores them from a peer outside the trusted ranges', async () => {
    expect(await through(['10.0.0.0/8'], forged)).toEqual({
      for: '127.0.0.1',
      proto: 'http',
      logged: '127.0.0.1',
    });
  });

  it('counts requests as https when PUBLIC_URL is https, whatever the client claims', async () => {
    const seen = await through(
      false,
      { ...forged, 'X-Forwarded-Proto': 'http' },
      'https://video.example.com',
    );
    expect(seen).toEqual({ for: '127.0.0.1', proto: 'https', logged: '127.0.0.1' });
  });
});

describe('given a trusted proxy on loopback', () => {
  it('believes the country it names for the viewer', async () => {
    expect((await through(['loopback'], { 'CF-IPCountry': 'GB' })).country).toBe('GB');
  });

  it('takes the nearest untrusted X-Forwarded-For hop, the scheme and the host it forwards', async () => {
    const seen = await through(['loopback'], {
      'X-Forwarded-For': '198.51.100.1, 203.0.113.7',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'video.example.com:8443',
      'X-Forwarded-Port': '8443',
    });
    expect(seen).toEqual({
      for: '203.0.113.7',
      proto: 'https',
      host: 'video.example.com:8443',
      logged: '203.0.113.7',
    });
  });

  it('believes its plain http over an https PUBLIC_URL', async () => {
    expect(
      (await through(['loopback'], { 'X-Forwarded-Proto': 'http' }, 'https://video.example.com'))
        .proto,
    ).toBe('http');
  });

  it('drops a forwarded host that could carry a path, and a scheme that is neither http nor https', async () => {
    const seen = await through(['loopback'], {
      'X-Forwarded-Host': 'video.example.com/evil',
      'X-Forwarded-Proto': 'gopher',
    });
    expect(seen).toEqual({ for: '127.0.0.1', proto: 'http', logged: '127.0.0.1' });
  });

  it('reads only the first of repeated values, as Express does', async () => {
    const seen = await through(['loopback'], {
      'X-Forwarded-Proto': 'https, http',
      'X-Forwarded-Host': 'a.example, b.example',
    });
    expect(seen).toMatchObject({ proto: 'https', host: 'a.example' });
  });
});

describe('given TRUST_PROXY=true', () => {
  it('takes the furthest X-Forwarded-For entry, which the client wrote', async () => {
    expect((await through(true, { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7' })).for).toBe(
      '198.51.100.1',
    );
  });
});

describe('servedOverHttps', () => {
  it('follows the scheme of the URL Astro built', () => {
    expect(servedOverHttps(new URL('https://video.example.com/x'))).toBe(true);
    expect(servedOverHttps(new URL('http://localhost:4321/x'))).toBe(false);
  });
});
