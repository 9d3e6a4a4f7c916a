/**
 * The player API (Vimeo player.js's wire protocol): a page of another site drives the player
 * frame with Vitrine's /player.js, and with the published @vimeo/player bundle whose vimeo.com
 * origin check is pointed at this server, with the same calls: ready, mute, play, seek,
 * pause, the events, the error of a bad seek. Every other method Vimeo documents answers with
 * a value, or with UnsupportedError where this player has no such feature, never a missing
 * function. A window that is not the framing page is not obeyed. The showcase embed answers as
 * one player that loads the showcase's videos.
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
    events: [string, Record<string, unknown> | undefined][];
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

type Library = 'Vitrine /player.js' | '@vimeo/player';

/** Opens a page of another site that frames the first video and scripts it with `library`. */
async function openScriptedFrame(
  page: Page,
  baseURL: string,
  library: Library,
  events: string[],
): Promise<{ videoId: number; frameSrc: string }> {
  const videoId = await firstVideoId(page);
  const frameSrc = `${baseURL}/showcase/${grid}/video/${videoId}/embed`;
  const moduleSrc = library === '@vimeo/player' ? '/vimeo-player.js' : `${baseURL}/player.js`;
  if (library === '@vimeo/player') site.page('/vimeo-player.js', vimeoBundleFor(baseURL));
  const path = `/api-${library === '@vimeo/player' ? 'vimeo' : 'vitrine'}-${events.length}`;
  site.page(
    path,
    // The Player is made as the frame starts loading, as a page that writes its frames by script
    // does: a ping sent then reaches nobody, so the frame must say it is ready when it loads.
    pageWith(`<script type="module">
  import Player from '${moduleSrc}';
  window.events = [];
  const frame = Object.assign(document.createElement('iframe'), {
    id: 'player', src: ${JSON.stringify(frameSrc)}, width: 640, height: 360, allow: 'autoplay; fullscreen; picture-in-picture', title: 'Film',
  });
  document.body.append(frame);
  const player = new Player(frame);
  for (const name of ${JSON.stringify(events)}) player.on(name, (data) => window.events.push([name, data]));
  window.player = player;
</script>`),
  );
  await page.goto(`http://localhost:${OTHER_PORT}${path}`);
  await page.waitForFunction(() => window.player !== undefined);
  await page.evaluate(() => window.player.ready());
  return { videoId, frameSrc };
}

for (const library of ['Vitrine /player.js', '@vimeo/player'] as const) {
  test(`a page on another site scripts the player with ${library}`, async ({ page, baseURL }) => {
    const { videoId } = await openScriptedFrame(page, baseURL!, library, [
      'play',
      'pause',
      'seeked',
      'timeupdate',
    ]);
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
        page.evaluate(() => window.events.find(([name]) => name === 'seeked')?.[1]?.['seconds']),
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

  test(`every method of Vimeo's player.js answers with ${library}: a value, or UnsupportedError`, async ({
    page,
    baseURL,
  }) => {
    // Chromium plays HLS itself: for /player.js the frame is made to play it through hls.js, so
    // its ladder is there to choose from.
    if (library === 'Vitrine /player.js')
      await page.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type: string) {
          return type.includes('mpegurl') ? '' : canPlayType.call(this, type);
        };
      });
    const { frameSrc } = await openScriptedFrame(page, baseURL!, library, [
      'loaded',
      'bufferstart',
      'bufferend',
      'playbackratechange',
      'volumechange',
      'seeking',
      'seeked',
      'texttrackchange',
      'cuepoint',
      'qualitychange',
    ]);
    const call = (method: string, ...args: unknown[]) =>
      page.evaluate(
        async ([name, values]) => {
          const method = (window.player as unknown as Record<string, unknown>)[name];
          if (typeof method !== 'function') return { missing: name };
          try {
            return { value: (await method.apply(window.player, values)) as unknown };
          } catch (error) {
            return { error: (error as Error).name, message: (error as Error).message };
          }
        },
        [method, args] as const,
      );
    const heard = (name: string) =>
      page.evaluate((event) => window.events.filter(([each]) => each === event), name);

    await call('setMuted', true);
    await call('play');
    await expect.poll(async () => (await call('getPaused')).value).toBe(false);
    await expect.poll(async () => (await heard('loaded')).length).toBe(1);
    await expect.poll(async () => (await heard('bufferend')).length).toBeGreaterThan(0);
    expect((await heard('bufferstart')).length).toBeGreaterThan(0);

    // What the frame's video does.
    expect(await call('getPlaybackRate')).toEqual({ value: 1 });
    expect(await call('setPlaybackRate', 1.5)).toEqual({ value: 1.5 });
    await expect
      .poll(async () => (await heard('playbackratechange')).at(-1)?.[1])
      .toEqual({ playbackRate: 1.5 });
    expect(await call('setPlaybackRate', 4)).toMatchObject({ error: 'RangeError' });
    expect(await call('getLoop')).toEqual({ value: false });
    expect(await call('setLoop', true)).toEqual({ value: true });
    expect(await call('getLoop')).toEqual({ value: true });
    expect(await call('getMuted')).toEqual({ value: true });
    expect(await call('setVolume', 0.5)).toEqual({ value: 0.5 });
    await expect
      .poll(async () => (await heard('volumechange')).at(-1)?.[1])
      .toEqual({ volume: 0.5, muted: true });
    expect(await call('getEnded')).toEqual({ value: false });
    expect(typeof (await call('getSeeking')).value).toBe('boolean');
    expect((await call('getVideoWidth')).value).toBeGreaterThan(0);
    expect((await call('getVideoHeight')).value).toBeGreaterThan(0);
    for (const ranges of ['getBuffered', 'getPlayed', 'getSeekable']) {
      const { value } = await call(ranges);
      expect(Array.isArray(value)).toBe(true);
      for (const range of value as unknown[])
        expect(range).toEqual([expect.any(Number), expect.any(Number)]);
    }
    expect((await call('getSeekable')).value).not.toEqual([]);
    expect(await call('setCurrentTime', 1)).toEqual({ value: 1 });
    await expect.poll(async () => (await heard('seeking')).length).toBeGreaterThan(0);
    await expect.poll(async () => (await heard('seeked')).length).toBeGreaterThan(0);

    // Captions, chapters and cue points.
    const english = { label: 'English (CC)', language: 'en', kind: 'captions' };
    expect(await call('getTextTracks')).toEqual({ value: [{ ...english, mode: 'disabled' }] });
    expect(await call('enableTextTrack', 'en')).toEqual({ value: english });
    await expect.poll(async () => (await heard('texttrackchange')).at(-1)?.[1]).toEqual(english);
    expect(await call('enableTextTrack', 'de')).toMatchObject({
      error: 'InvalidTrackLanguageError',
    });
    expect(await call('enableTextTrack', 'en', 'subtitles')).toMatchObject({
      error: 'InvalidTrackError',
    });
    expect(await call('disableTextTrack')).toEqual({});
    expect(await call('getChapters')).toEqual({ value: [] });
    expect(await call('getCurrentChapter')).toEqual({});
    expect(await call('getCuePoints')).toEqual({ value: [] });
    const now = (await call('getCurrentTime')).value as number;
    const { value: cueId } = await call('addCuePoint', now + 0.5, { scene: 'dawn' });
    expect(typeof cueId).toBe('string');
    expect(await call('getCuePoints')).toEqual({
      value: [{ time: now + 0.5, data: { scene: 'dawn' }, id: cueId }],
    });
    await expect
      .poll(async () => (await heard('cuepoint')).at(-1)?.[1], { timeout: 15_000 })
      .toEqual({ time: now + 0.5, data: { scene: 'dawn' }, id: cueId });
    expect(await call('removeCuePoint', cueId)).toEqual({ value: cueId });
    expect(await call('removeCuePoint', 'none')).toMatchObject({ error: 'InvalidCuePoint' });

    // Qualities: the HLS ladder where hls.js plays it (made so for /player.js), else auto alone.
    const stream = page.frameLocator('#player').locator('video');
    const { value: qualities } = (await call('getQualities')) as {
      value: { id: string; active: boolean }[];
    };
    expect(qualities[0]).toEqual({ label: 'Auto', id: 'auto', active: true });
    expect(await call('getQuality')).toEqual({ value: 'auto' });
    if (library === '@vimeo/player') {
      await expect(stream).toHaveAttribute('data-stream', 'native-hls');
      expect(qualities).toHaveLength(1);
    } else {
      await expect(stream).toHaveAttribute('data-stream', 'hls.js');
      await expect
        .poll(async () => ((await call('getQualities')).value as unknown[]).length)
        .toBeGreaterThan(1);
      const { value: ladder } = (await call('getQualities')) as { value: { id: string }[] };
      const lowest = ladder.at(-1)!.id;
      expect(lowest).toMatch(/^\d+p$/);
      expect(await call('setQuality', lowest)).toEqual({ value: lowest });
      expect(await call('getQuality')).toEqual({ value: lowest });
      await expect
        .poll(async () => (await heard('qualitychange')).at(-1)?.[1])
        .toEqual({ quality: lowest });
    }
    expect(await call('setQuality', '9000p')).toMatchObject({ error: 'TypeError' });
    expect(await call('setQuality', 'auto')).toEqual({ value: 'auto' });

    // The frame's settings, its address, and the browser's modes it may refuse.
    expect(await call('getAutopause')).toEqual({ value: true });
    expect(await call('setAutopause', false)).toEqual({ value: false });
    expect((await call('getVideoEmbedCode')).value).toContain(`<iframe src="${frameSrc}"`);
    expect(await call('getVideoTitle')).toEqual({ value: expect.any(String) });
    expect(await call('getFullscreen')).toEqual({ value: false });
    for (const method of [
      'requestFullscreen',
      'exitFullscreen',
      'getPictureInPicture',
      'requestPictureInPicture',
      'exitPictureInPicture',
      'getRemotePlaybackState',
      'getRemotePlaybackAvailability',
      'remotePlaybackPrompt',
    ]) {
      const answer = await call(method);
      expect(answer, method).not.toHaveProperty('missing');
      if ('error' in answer)
        expect(answer.error, `${method}: ${answer.message}`).not.toBe('TypeError');
    }

    // What this player has no part for.
    const unsupported: [string, ...unknown[]][] = [
      ['getAudioTracks'],
      ['getEnabledAudioTrack'],
      ['getDefaultAudioTrack'],
      ['selectAudioTrack', 'en'],
      ['selectDefaultAudioTrack'],
      ['getColor'],
      ['setColor', '#00adef'],
      ['getColors'],
      ['setColors', ['#00adef']],
      ['getCameraProps'],
      ['setCameraProps', { yaw: 0 }],
      ['loadVideo', 1],
      ['unload'],
      ...(library === '@vimeo/player' ? [] : [['setTimingSrc', {}] as [string, unknown]]),
    ];
    for (const [method, ...args] of unsupported)
      expect(await call(method, ...args), method).toMatchObject({ error: 'UnsupportedError' });
    expect(await call('getPaused')).toEqual({ value: false });
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
