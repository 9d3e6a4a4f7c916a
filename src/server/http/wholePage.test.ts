import { describe, expect, it } from 'vitest';
import { inlineSources } from '../../lib/pagePolicy.ts';
import { readWholePage, wholePageBytes, wholePageResponse, wholePageSources } from './wholePage.ts';

function streamed(pieces: string[], failAfter = Infinity): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === failAfter) return controller.error(new Error('the footer failed'));
      if (sent === pieces.length) return controller.close();
      controller.enqueue(encoder.encode(pieces[sent++]));
    },
  });
}

describe('a page read whole', () => {
  it('keeps status, headers and text, and gives the text it read', async () => {
    const page = new Response(streamed(['<!DOCTYPE html><p>', 'Vidéo', '</p>']), {
      status: 404,
      statusText: 'Not Found',
      headers: { 'Content-Type': 'text/html', 'X-Request-Id': 'r1' },
    });
    const whole = await readWholePage(page);
    expect(whole).toMatchObject({ status: 404, statusText: 'Not Found' });
    expect(whole.headers.get('x-request-id')).toBe('r1');
    expect(new TextDecoder().decode(wholePageBytes(whole))).toBe('<!DOCTYPE html><p>Vidéo</p>');
    expect(await whole.text()).toBe('<!DOCTYPE html><p>Vidéo</p>');
  });

  it('writes the stylesheets it links into it, and says its new length', async () => {
    const html =
      '<html><head><link rel="stylesheet" href="/_astro/Shell.a1.css"></head><body>Vidéo</body></html>';
    const page = new Response(html, {
      headers: { 'Content-Type': 'text/html', 'Content-Length': String(Buffer.byteLength(html)) },
    });
    const whole = await readWholePage(
      page,
      new Map([['/_astro/Shell.a1.css', new TextEncoder().encode('body{margin:0}')]]),
    );
    const inlined = '<html><head><style>body{margin:0}</style></head><body>Vidéo</body></html>';
    expect(await whole.text()).toBe(inlined);
    expect(new TextDecoder().decode(wholePageBytes(whole))).toBe(inlined);
    expect(whole.headers.get('content-length')).toBe(String(Buffer.byteLength(inlined)));
  });

  it('hands the rendered bytes on as they are, without a copy', async () => {
    const rendered = new TextEncoder().encode('<!DOCTYPE html><p>Vidéo</p>');
    const page = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(rendered);
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/html' } },
    );
    const whole = await readWholePage(page, new Map());
    expect(wholePageBytes(whole)).toBe(rendered);
    const sent: Uint8Array[] = [];
    for await (const chunk of whole.body!) sent.push(chunk);
    expect(sent).toEqual([rendered]);
    expect(sent[0]!.buffer).toBe(rendered.buffer);
  });

  it('fails where the page fails, halfway through included', async () => {
    const page = new Response(streamed(['<html>', '<main>'], 1), {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
    await expect(readWholePage(page)).rejects.toThrow('the footer failed');
  });

  it('leaves anything but an HTML body as it is', async () => {
    for (const response of [
      Response.json({ ok: true }),
      new Response(null, { status: 503, headers: { 'Content-Type': 'text/html' } }),
    ]) {
      expect(await readWholePage(response)).toBe(response);
      expect(wholePageBytes(response)).toBeUndefined();
    }
  });

  it('reads a page once', async () => {
    const whole = await readWholePage(
      new Response('<p>once</p>', { headers: { 'Content-Type': 'text/html' } }),
    );
    expect(await readWholePage(whole)).toBe(whole);
  });

  it('passes a page made whole already as it is, with the sources it was given', async () => {
    const html = '<head><link rel="stylesheet" href="/_astro/a.css"></head><script>x()</script>';
    const known = { scripts: ["'sha256-given'"], styles: [] };
    const made = wholePageResponse(
      Buffer.from(html),
      { headers: { 'Content-Type': 'text/html' } },
      known,
    );
    const whole = await readWholePage(made, new Map([['/_astro/a.css', Buffer.from('a{}')]]));
    expect(whole).toBe(made);
    expect(await whole.text()).toBe(html);
    expect(wholePageSources(whole)).toBe(known);
  });

  it('finds the sources of a page read whole in its bytes', async () => {
    const html = '<style>p{}</style><script>x()</script>';
    const whole = await readWholePage(
      new Response(html, { headers: { 'Content-Type': 'text/html' } }),
      new Map(),
    );
    expect(wholePageSources(whole)).toEqual(inlineSources(Buffer.from(html)));
    expect(wholePageSources(Response.json({}))).toBeUndefined();
  });
});
