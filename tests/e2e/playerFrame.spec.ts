import type { Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';

const grid = `/showcase/${showcaseId('grid')}`;
const OIDC = `http://127.0.0.1:${Number(process.env['E2E_OIDC_PORT'] ?? 4460)}`;

/** The frame address of the grid showcase's first video. */
async function firstFrame(page: Page): Promise<string> {
  await page.goto(grid);
  const href = await page.locator('main a[href*="/video/"]').first().getAttribute('href');
  return `${new URL(href!, page.url()).pathname}/embed`;
}

const mediaTime = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

test.describe('the player frame', () => {
  test('plays the adaptive stream, natively where Chromium can', async ({ page, request }) => {
    const frame = await firstFrame(page);
    await page.goto(`${frame}?autoplay=1`);
    const video = page.locator('video');
    const hls = video.locator('source[type="application/vnd.apple.mpegurl"]');
    await expect(hls).toHaveAttribute('src', /^\/media\/p\/\d+\/[\w-]+\/.+\.m3u8$/);
    const master = await (await request.get((await hls.getAttribute('src'))!)).text();
    expect(master).toContain('#EXTM3U');
    expect(master).toMatch(/#EXT-X-STREAM-INF:.*RESOLUTION=\d+x\d+/);
    await expect(video).toHaveAttribute('data-stream', /^(native-hls|hls\.js)$/);
    await expect.poll(() => mediaTime(page)).toBeGreaterThan(0.5);
    await expectAccessible(page);
  });

  test('loads hls.js where the browser cannot play HLS itself, and plays through it', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type.includes('mpegurl') ? '' : canPlayType.call(this, type);
      };
    });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const frame = await firstFrame(page);
    await page.goto(`${frame}?autoplay=1`);
    const video = page.locator('video');
    await expect(video).toHaveAttribute('data-stream', 'hls.js');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc))
      .toMatch(/^blob:/);
    await expect.poll(() => mediaTime(page)).toBeGreaterThan(0.5);
    expect(scripts.some((url) => /hls\.light/.test(url) || /hls/.test(url))).toBe(true);
  });

  test('fetches no media before it is played, then seeks and answers the keyboard', async ({
    page,
  }) => {
    const frame = await firstFrame(page);
    const media: string[] = [];
    page.on('request', (request) => {
      if (
        request.resourceType() === 'media' ||
        /\.(m3u8|ts|m4s|mp4)$/.test(new URL(request.url()).pathname)
      )
        media.push(request.url());
    });
    await page.goto(frame, { waitUntil: 'networkidle' });
    const video = page.locator('video');
    expect(media).toEqual([]);
    await expect(video).toHaveAttribute('poster', /.+/);
    await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
    // The first key fetches the frame's code, which then acts on it.
    await page.locator('main').press('k');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.locator('main').press('k');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const before = await mediaTime(page);
    await page.locator('main').press('l');
    await expect
      .poll(() => mediaTime(page))
      .toBeGreaterThanOrEqual(
        Math.min(before + 9.5, (await video.evaluate((v: HTMLVideoElement) => v.duration)) - 0.1),
      );
    await page.locator('main').press('5');
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    await expect.poll(() => mediaTime(page)).toBeCloseTo(duration / 2, 0);
    await page.locator('main').press('m');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await expect(video).toHaveAccessibleDescription(/Keyboard: K or Space plays and pauses/);
  });

  test('offers captions from the video’s text tracks, turned on and off with C', async ({
    page,
    request,
  }) => {
    const frame = await firstFrame(page);
    await page.goto(frame);
    const track = page.locator('video track[kind="captions"]');
    await expect(track).toHaveAttribute('label', 'English (CC)');
    await expect(track).toHaveAttribute('srclang', 'en');
    const file = await request.get((await track.getAttribute('src'))!);
    expect(file.headers()['content-type']).toContain('text/vtt');
    const title = await page.locator('h1').textContent();
    const text = await file.text();
    expect(text.startsWith('WEBVTT\n\n00:00:00.000 --> ')).toBe(true);
    expect(text).toContain(`\n${title}\n`);
    const mode = () =>
      page.locator('video').evaluate((video: HTMLVideoElement) => video.textTracks[0]?.mode);
    expect(await mode()).toBe('disabled');
    await page.locator('main').press('c');
    await expect.poll(mode).toBe('showing');
    await page.locator('main').press('c');
    await expect.poll(mode).toBe('disabled');
  });

  test('tells the page on another site that framed it where it plays and when the video ended, once asked to', async ({
    page,
  }) => {
    const frame = await firstFrame(page);
    await page.goto(`${OIDC}/e2e/host?src=${encodeURIComponent(frame)}`);
    const player = page.frames().find((f) => f.url().includes('/embed'))!;
    await expect
      .poll(() => player.evaluate(() => document.querySelector('video') !== null))
      .toBe(true);
    await page.evaluate(() => {
      const host = window as unknown as { ended: unknown[]; times: unknown[] };
      host.ended = [];
      host.times = [];
      // Position reports (player.js's timeupdate) come beside PLAYER_ENDED; the player API's
      // ready, which the frame says once its code arrived (woken by this page's message), is not counted.
      window.addEventListener('message', (event) => {
        const name = (event.data as { event?: unknown } | null)?.event;
        if (name !== 'ready') (name === 'timeupdate' ? host.times : host.ended).push(event.data);
      });
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ method: 'attach-events' }, '*');
    });
    await player.evaluate(async () => {
      const video = document.querySelector('video')!;
      video.muted = true;
      // Nothing is fetched before play: the duration is known once it plays.
      await video.play();
      video.currentTime = Math.max(0, video.duration - 1);
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { ended: unknown[] }).ended))
      .toEqual([{ event: 'PLAYER_ENDED' }]);
    const times = await page.evaluate(
      () =>
        (window as unknown as { times: Array<{ data: { seconds: number; duration: number } }> })
          .times,
    );
    expect(times.length).toBeGreaterThan(0);
    expect(times.at(-1)!.data.seconds).toBeGreaterThan(0);
    expect(times.at(-1)!.data.duration).toBeGreaterThan(0);
  });

  test('refuses a playlist or segment address whose signature was tampered with', async ({
    page,
    request,
  }) => {
    const frame = await firstFrame(page);
    await page.goto(frame);
    const src = (await page
      .locator('source[type="application/vnd.apple.mpegurl"]')
      .getAttribute('src'))!;
    const [, , , exp, sig, ...key] = src.split('/');
    const tampered = `/media/p/${exp}/${sig!.slice(0, -2)}xx/${key.join('/')}`;
    expect((await request.get(tampered)).status()).toBe(403);
    expect(
      (await request.get(`/media/p/${Number(exp) + 3600}/${sig}/${key.join('/')}`)).status(),
    ).toBe(403);
    const outside = key.slice(0, -2).join('/');
    expect((await request.get(`/media/p/${exp}/${sig}/${outside}/source.mp4`)).status()).toBe(403);
  });
});
