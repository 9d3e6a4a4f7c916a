/**
 * The player API (Vimeo player.js's wire protocol): a page of another site drives the player
 * frame with Vitrine's /player.js, and with the published @vimeo/player bundle whose vimeo.com
 * origin check is pointed at this server, with the same calls: ready, mute, play, seek,
 * pause, the events, the error of a bad seek. A window that is not the framing page is not
 * obeyed. The showcase embed answers as one player that loads the showcase's videos.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, showcaseId, test } from './fixtures.ts';
import { openOtherSite, OTHER_PORT, pageWith, type OtherSite } from './otherOrigin.ts';

const grid = showcaseId('grid');
let site: OtherSite;

test.beforeAll(async () => {
  site = await openOtherSite();
});
test.afterAll(async () => {
  await site.close();
});

declare global {
  interface Window {
    player: {
      ready(): Promise<void>;
      play(): Promise<void>;
      pause(): Promise<void>;
      setMuted(muted: boolean): Promise<boolean>;
      getPaused(): Promise<boolean>;
      getDuration(): Promise<number>;
      getCurrentTime(): Promise<number>;
      setCurrentTime(seconds: number): Promise<number>;
      getVideoId(): Promise<number>;
      loadVideo(id: number): Promise<number>;
    };
    events: [string, { seconds?: number }][];
    intruded?: boolean;
  }
}

/** @vimeo/player as published, trusting this server where it trusts vimeo.com. */
function vimeoBundleFor(appOrigin: string): string {
  const source = readFileSync('node_modules/@vimeo/player/dist/player.es.js', 'utf8');
  const patched = source.replace(
    /function isVimeoUrl\(url\) \{[\s\S]*?\n\}/,
    `function isVimeoUrl(url) {\n  return url === ${JSON.stringify(appOrigin)} || url.startsWith(${JSON.stringify(`${appOrigin}/`)});\n}`,
  );
  if (patched === source) throw new Error('isVimeoUrl not found in @vimeo/player');
  return patched;
}

async function firstVideoId(page: Page): Promise<number> {
  const list = (await (await page.request.get(`/api/albums/${grid}/videos?per_page=1`)).json()) as {
    data: { uri: string }[];
  };
  return Number(list.data[0]!.uri.split('/').at(-1));
}

for (const library of ['Vitrine /player.js', '@vimeo/player'] as const) {
  test(`a page on another site scripts the player with ${library}`, async ({ page, baseURL }) => {
    const videoId = await firstVideoId(page);
    const frameSrc = `${baseURL}/showcase/${grid}/video/${videoId}/embed`;
    const moduleSrc = library === '@vimeo/player' ? '/vimeo-player.js' : `${baseURL}/player.js`;
    if (library === '@vimeo/player') site.page('/vimeo-player.js', vimeoBundleFor(baseURL!));
    const path = `/api-${library === '@vimeo/player' ? 'vimeo' : 'vitrine'}`;
    site.page(
      path,
      // The Player is made as the frame starts loading, as a page that writes its frames by script
      // does: a ping sent then reaches nobody, so the frame must say it is ready when it loads.
      pageWith(`<script type="module">
  import Player from '${moduleSrc}';
  window.events = [];
  const frame = Object.assign(document.createElement('iframe'), {
    id: 'player', src: ${JSON.stringify(frameSrc)}, width: 640, height: 360, allow: 'autoplay', title: 'Film',
  });
  document.body.append(frame);
  const player = new Player(frame);
  for (const name of ['play', 'pause', 'seeked', 'timeupdate']) player.on(name, (data) => window.events.push([name, data]));
  window.player = player;
</script>`),
    );
    await page.goto(`http://localhost:${OTHER_PORT}${path}`);
    await page.waitForFunction(() => window.player !== undefined);
    await page.evaluate(() => window.player.ready());
    expect(await page.evaluate(() => window.player.getVideoId())).toBe(videoId);
    expect(await page.evaluate(() => window.player.setMuted(true))).toBe(true);
    expect(await page.evaluate(() => window.player.getDuration())).toBeGreaterThan(0);

    await page.evaluate(() => window.player.play());
    await expect.poll(() => page.evaluate(() => window.player.getPaused())).toBe(false);
    await expect
      .poll(() => page.evaluate(() => window.events.some(([name]) => name === 'play')))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => window.events.some(([name]) => name === 'timeupdate')))
      .toBe(true);

    expect(await page.evaluate(() => window.player.setCurrentTime(2))).toBe(2);
    await expect
      .poll(() =>
        page.evaluate(() => window.events.find(([name]) => name === 'seeked')?.[1].seconds),
      )
      .toBeGreaterThanOrEqual(2);
    await page.evaluate(() => window.player.pause());
    await expect.poll(() => page.evaluate(() => window.player.getPaused())).toBe(true);
    await expect
      .poll(() => page.evaluate(() => window.events.some(([name]) => name === 'pause')))
      .toBe(true);
    expect(await page.evaluate(() => window.player.getCurrentTime())).toBeGreaterThanOrEqual(2);
    expect(
      await page.evaluate(() =>
        window.player.setCurrentTime(99_999).then(
          () => 'accepted',
          (error: Error) => error.name,
        ),
      ),
    ).toBe('RangeError');

    // A window of another site inside the page is not the framing page: its call is ignored.
    site.page(
      '/intruder',
      `<!doctype html><title>Intruder</title><script>
        parent.frames[0].postMessage({ method: 'play', value: {} }, '*');
        parent.postMessage('intruded', '*');
      </script>`,
    );
    await page.evaluate((src) => {
      window.addEventListener('message', (event) => {
        if (event.data === 'intruded') window.intruded = true;
      });
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Intruder';
      document.body.append(frame);
    }, `http://127.0.0.2:${OTHER_PORT}/intruder`);
    await expect.poll(() => page.evaluate(() => window.intruded === true)).toBe(true);
    expect(await page.evaluate(() => window.player.getPaused())).toBe(true);
  });
}

test('a page on another site scripts the showcase embed as one player, within the showcase', async ({
  page,
  baseURL,
}) => {
  site.page(
    '/api-showcase',
    pageWith(`<iframe id="showcase" src="${baseURL}/showcase/${grid}/embed" width="960" height="540" allow="autoplay" title="Showcase"></iframe>
<script type="module">
  import Player from '${baseURL}/player.js';
  window.events = [];
  const player = new Player('showcase');
  player.on('play', (data) => window.events.push(['play', data]));
  window.player = player;
</script>`),
  );
  const list = (await (await page.request.get(`/api/albums/${grid}/videos?per_page=3`)).json()) as {
    data: { uri: string }[];
  };
  const [first, , third] = list.data.map((video) => Number(video.uri.split('/').at(-1)));
  await page.goto(`http://localhost:${OTHER_PORT}/api-showcase`);
  await page.waitForFunction(() => window.player !== undefined);
  await page.evaluate(() => window.player.ready());
  expect(await page.evaluate(() => window.player.getVideoId())).toBe(first);

  const loaded = await page.evaluate((id) => window.player.loadVideo(id), third!);
  expect(loaded).toBe(third);
  expect(await page.evaluate(() => window.player.getVideoId())).toBe(third);
  await expect(
    page.frameLocator('#showcase').locator(`a[data-embed-item="${third}"]`),
  ).toHaveAttribute('aria-current', 'true');
  // The new video's player takes the calls and sends the events the page asked for.
  await expect
    .poll(() => page.evaluate(() => window.player.setMuted(true)), { timeout: 15_000 })
    .toBe(true);
  await page.evaluate(() => window.player.play());
  await expect.poll(() => page.evaluate(() => window.events.length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.player.getPaused())).toBe(false);

  const refused = await page.evaluate(() =>
    window.player.loadVideo(987_654).then(
      () => 'loaded',
      (error: Error) => error.name,
    ),
  );
  expect(refused).toBe('NotFoundError');
});
