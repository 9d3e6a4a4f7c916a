import { randomBytes } from 'node:crypto';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  FrameLocator,
  Page,
} from '@playwright/test';
import { DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * Live chat as people meet it (SPEC §2 "/live-chat/{id}", §7 status poll, §9): the panel
 * beside the player of the demo's streaming event and on its own page, moderation, the owner
 * closing the room, the rehearsal's replay chat in step with its video, refusals, and the
 * panel without JavaScript. Across app nodes: cluster.spec.ts. The demo database is shared
 * with the other specs: every test leaves the room on, open to everyone, nobody muted.
 */
const albumId = showcaseId('live');

interface ChatEvent {
  videoId: number;
  roomId: number;
}

async function chatEvent(request: APIRequestContext, key: string): Promise<ChatEvent> {
  const name = DEMO_VIDEOS.find((v) => v.key === key)!.name;
  const body = (await (
    await request.get(`/api/albums/${albumId}/videos?per_page=100&fields=uri,name,live`)
  ).json()) as {
    data: { uri: string; name: string; live: { chat: { room_id: number } } }[];
  };
  const video = body.data.find((v) => v.name === name)!;
  return { videoId: Number(video.uri.split('/').at(-1)), roomId: video.live.chat.room_id };
}

const context = (event: ChatEvent, album = albumId) => `album=${album}&video=${event.videoId}`;
const panelPath = (event: ChatEvent, locale = '') =>
  `${locale}/live-chat/${event.roomId}?${context(event)}`;
const roomRoute = (event: ChatEvent, suffix = '', locale = '') =>
  `${locale}/live_chat/${event.roomId}${suffix}?${context(event)}`;
const videoPath = (event: ChatEvent, locale = '') =>
  `${locale}/showcase/${albumId}/video/${event.videoId}`;
const unique = (text: string) => `${text} ${randomBytes(3).toString('hex')}`;

type Scope = Page | FrameLocator;
const log = (scope: Scope) => scope.getByRole('log', { name: 'Chat messages' });
const besidePlayer = (page: Page) => page.frameLocator('iframe[title="Live chat"]');
const messageField = (scope: Scope) => scope.getByRole('textbox', { name: 'Message' });

/** The island runs: at once for moderators and replays, else once someone reaches for the panel. */
const takenOver = (scope: Scope) =>
  expect(scope.getByTestId('live-chat')).toHaveAttribute('data-hydrated', '');
/** Nothing has woken the island yet: the page's reader alone keeps the log current. */
const onlyRead = (scope: Scope) =>
  expect(scope.locator('[data-lazy="live-chat"]:not([data-lazy-state])')).toHaveCount(1);

async function say(scope: Scope, text: string): Promise<void> {
  await messageField(scope).fill(text);
  await scope.getByRole('button', { name: 'Send' }).click();
}

/** The CSRF token the panel hands its forms. */
const tokenOn = (page: Page) => page.locator('input[name="token"]').first().inputValue();

const opened: BrowserContext[] = [];
const sessions = new Map<string, Exclude<BrowserContextOptions['storageState'], undefined>>();

/** A page of its own context, signed in as `email` (each account signs in once per run) or anonymous. */
async function visitor(
  browser: Browser,
  baseURL: string,
  email: string | null,
  options: BrowserContextOptions & { theme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const { theme, ...contextOptions } = options;
  if (email && !sessions.has(email)) {
    const signingIn = await browser.newContext({ baseURL });
    await signIn(await signingIn.newPage(), email);
    sessions.set(email, await signingIn.storageState());
    await signingIn.close();
  }
  const own = await browser.newContext({
    baseURL,
    ...contextOptions,
    ...(email ? { storageState: sessions.get(email)! } : {}),
  });
  opened.push(own);
  if (theme) await own.addCookies([{ name: 'theme', value: theme, url: baseURL }]);
  return own.newPage();
}

test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((own) => own.close()));
});

test('a message typed beside the player reaches a reader of the panel page, and the reply comes back', async ({
  browser,
  baseURL,
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const watcher = await visitor(browser, baseURL!, 'member@vitrine.test');
  await watcher.goto(videoPath(event));
  const beside = besidePlayer(watcher);
  const reader = await visitor(browser, baseURL!, 'contributor@vitrine.test');
  await reader.goto(panelPath(event));
  await expect(log(reader).getByRole('listitem').first()).toBeVisible();

  const hello = unique('Hello from beside the player');
  await say(beside, hello);
  // The reader, who has not touched the panel, sees it arrive without the island.
  await expect(log(reader).getByText(hello)).toBeVisible();
  await onlyRead(reader);
  const reply = unique('Hello back from the chat page');
  await say(reader, reply);
  await takenOver(reader);
  await expect(log(beside).getByText(reply)).toBeVisible();
  // The writer's own message, added on sending and heard again from the stream, shows once;
  // so does the one the reader appended before the island took its log over.
  await expect(log(beside).getByText(hello)).toHaveCount(1);
  await expect(log(reader).getByText(hello)).toHaveCount(1);
  await expect(log(reader).getByText(reply)).toHaveCount(1);
});

test('the live event view reads its chat as messages come, and writing in it still works', async ({
  browser,
  baseURL,
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const page = await visitor(browser, baseURL!, 'member@vitrine.test');
  await page.goto(videoPath(event));
  const chat = besidePlayer(page);
  const items = log(chat).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const writer = await visitor(browser, baseURL!, 'contributor@vitrine.test');
  await writer.goto(panelPath(event));
  const token = await tokenOn(writer);
  const lines = [unique('First to arrive'), unique('Second to arrive')];
  for (const line of lines)
    expect(
      (
        await writer.request.post(roomRoute(event, '/messages'), {
          data: { body: `${line} www.example.com`, token },
        })
      ).status(),
    ).toBe(201);

  // Appended in order, in the island's markup: the link made, its time in the reader's clock.
  await expect(items.nth(-2)).toContainText(lines[0]!);
  await expect(items.last()).toContainText(lines[1]!);
  await expect(
    items.last().getByRole('link', { name: 'www.example.com (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://www.example.com');
  await expect(items.last().locator('time')).not.toContainText('UTC');
  await onlyRead(chat);

  const mine = unique('Writing from the event view');
  await say(chat, mine);
  await takenOver(chat);
  await expect(log(chat).getByText(mine)).toHaveCount(1);
  for (const line of lines) await expect(log(chat).getByText(line)).toHaveCount(1);
  await expect(log(writer).getByText(mine)).toBeVisible();
});

test('the owner mutes an author, whose composer closes until unmuted, and deletes their message, which vanishes for them', async ({
  browser,
  baseURL,
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const owner = await visitor(browser, baseURL!, 'owner@vitrine.test');
  await owner.goto(panelPath(event));
  await takenOver(owner);
  const author = await visitor(browser, baseURL!, 'viewer@vitrine.test');
  await author.goto(panelPath(event));
  const authorToken = await tokenOn(author);

  const line = unique('Off-topic remark');
  await say(author, line);
  await takenOver(author);
  await expect(log(author).getByText(line)).toBeVisible();
  const said = log(owner).getByRole('listitem').filter({ hasText: line });
  await expect(said).toBeVisible();

  await said.getByRole('button', { name: 'Mute Kenji Watanabe' }).click();
  try {
    await expect(author.getByTestId('chat-composer')).toContainText(
      "You've been muted in this chat.",
    );
    await expect(messageField(author)).toHaveCount(0);
    const refused = await author.request.post(roomRoute(event, '/messages'), {
      data: { body: 'Can anyone hear me?', token: authorToken },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'muted' });
  } finally {
    await said.getByRole('button', { name: 'Unmute Kenji Watanabe' }).click();
  }
  await expect(messageField(author)).toBeVisible();

  await said.getByRole('button', { name: 'Delete message from Kenji Watanabe' }).click();
  await expect(said).toHaveCount(0);
  await expect(log(author).getByText(line)).toHaveCount(0);
});

test('turning chat off closes a writing viewer’s composer at the next status poll, and turning it on opens it again', async ({
  browser,
  baseURL,
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const owner = await visitor(browser, baseURL!, 'owner@vitrine.test');
  await owner.goto(panelPath(event));
  await takenOver(owner);
  const viewer = await visitor(browser, baseURL!, 'member@vitrine.test');
  // Only the status poll tells this viewer: their event stream never connects.
  await viewer.route('**/live_chat/*/events?*', (route) => route.abort());
  await viewer.clock.install();
  await viewer.goto(panelPath(event));
  await messageField(viewer).focus();
  await takenOver(viewer);
  await viewer.clock.pauseAt(Date.now() + 60_000);
  await expect(messageField(viewer)).toBeVisible();

  const setChat = async (choice: 'On' | 'Off') => {
    const saved = owner.waitForResponse((answer) => answer.request().method() === 'PATCH');
    await owner.getByRole('radio', { name: choice, exact: true }).check();
    expect((await saved).status()).toBe(200);
  };
  await owner.getByText('Chat settings', { exact: true }).click();
  await setChat('Off');
  try {
    await expect(owner.getByTestId('chat-state')).toHaveText('Chat is turned off');
    await expect(messageField(viewer)).toBeVisible();
    await viewer.clock.runFor(4_000);
    await expect(messageField(viewer)).toHaveCount(0);
    await expect(viewer.getByTestId('chat-composer')).toContainText('Chat is turned off.');
    await expect(viewer.getByTestId('chat-state')).toHaveText('Chat is turned off');
  } finally {
    await setChat('On');
  }
  await viewer.clock.runFor(4_000);
  await expect(messageField(viewer)).toBeVisible();
  await expect(viewer.getByTestId('chat-state')).toHaveText('Chat is on');
});

test('a failed status poll says why, and the panel polls on until one answers', async ({
  browser,
  baseURL,
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const viewer = await visitor(browser, baseURL!, 'member@vitrine.test');
  let answer: 'page' | 'error' | 'none' | 'room' = 'page';
  await viewer.route(/\/live_chat\/\d+\/status(\?|$)/, (route) => {
    if (answer === 'page')
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Sign in</p>' });
    if (answer === 'error') return route.fulfill({ status: 503, body: '' });
    if (answer === 'none') return route.abort('internetdisconnected');
    return route.fallback();
  });
  await viewer.clock.install();
  await viewer.goto(panelPath(event));
  await messageField(viewer).focus();
  await takenOver(viewer);
  await viewer.clock.pauseAt(Date.now() + 60_000);
  const problem = viewer.getByTestId('chat-poll-problem');
  await expect(problem).toHaveText('Failed to fetch chat status data. Expected JSON response');

  answer = 'error';
  await viewer.clock.runFor(4_000);
  await expect(problem).toHaveText(
    'Failed to fetch chat status data. A network error occurred (503)',
  );
  answer = 'none';
  await viewer.clock.runFor(4_000);
  await expect(problem).toHaveText('Failed to fetch chat status data. A network error occurred');
  // Ignored otherwise (SPEC §8): the room stays as it was, open for writing.
  await expect(messageField(viewer)).toBeVisible();

  answer = 'room';
  await viewer.clock.runFor(4_000);
  await expect(problem).toHaveCount(0);
  await expect(viewer.getByTestId('chat-state')).toHaveText('Chat is on');
});

test('the rehearsal’s replay shows its chat in step with the video, forwards and back', async ({
  page,
  request,
}) => {
  const rehearsal = await chatEvent(request, 'live-rehearsal');
  await page.goto(videoPath(rehearsal));
  const chat = besidePlayer(page);
  await takenOver(chat);
  const messages = log(chat).getByRole('listitem');
  await expect(chat.getByText('Chat replay follows the video')).toBeVisible();
  await expect(messages).toHaveCount(0);
  await expect(messageField(chat)).toHaveCount(0);

  const video = page
    .frameLocator('iframe[title="Video player: Launch rehearsal"]')
    .locator('video');
  // The frame fetches no media until it is played; the replay follows from then on.
  await video.evaluate(async (media: HTMLVideoElement) => {
    media.muted = true;
    await media.play();
    media.pause();
  });
  await expect
    .poll(() => video.evaluate((media: HTMLVideoElement) => media.readyState))
    .toBeGreaterThan(0);
  const seek = (seconds: number) =>
    video.evaluate((media: HTMLVideoElement, to) => void (media.currentTime = to), seconds);

  // Said 1 s, 4.3 s, 7.2 s, 10.1 s, 13.2 s, 16.8 s, 20.6 s and 23 s into the 24 s broadcast.
  await seek(2);
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Rehearsal starting, sound check first.');
  await seek(18);
  await expect(messages).toHaveCount(6);
  await expect(messages.last()).toContainText('The logo reveal looks great.');
  await expect(log(chat).getByText('Bis morgen zum Launch!')).toHaveCount(0);
  await seek(2);
  await expect(messages).toHaveCount(1);
  await expect(log(chat).getByText('Audio is a bit quiet on my side.')).toHaveCount(0);
});

test('a reader who may not open the showcase gets no chat at all, and an unknown room is not found', async ({
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const readable = (await (await request.get(roomRoute(event, '/messages'))).json()) as {
    items: { body: string; author: { name: string } }[];
  };
  expect(readable.items.length).toBeGreaterThan(0);

  // The event is asked for in the password showcase, whose password this reader never gave.
  const guarded = context(event, showcaseId('password'));
  for (const path of [
    `/live_chat/${event.roomId}/events?${guarded}`,
    `/live_chat/${event.roomId}/messages?${guarded}`,
    `/live-chat/${event.roomId}?${guarded}`,
  ]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(403);
    const body = await answer.text();
    for (const message of readable.items) expect(body, path).not.toContain(message.body);
  }
  for (const path of [
    `/live_chat/999999/events?album=${albumId}`,
    `/live-chat/999999?album=${albumId}`,
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('refuses an over-long message in the viewer’s language, HTML, and a flood, whose wait the composer says', async ({
  browser,
  baseURL,
  request,
}) => {
  const event = await chatEvent(request, 'live-now');
  const page = await visitor(browser, baseURL!, 'guest@vitrine.test');
  await page.goto(panelPath(event));
  const token = await tokenOn(page);
  const post = (body: string, locale = '') =>
    page.request.post(roomRoute(event, '/messages', locale), { data: { body, token } });

  const tooLong = await post('x'.repeat(501), '/de-DE');
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.json()).toMatchObject({
    code: 'too_long',
    message: 'Nachrichten dürfen höchstens 500 Zeichen lang sein.',
  });
  const html = await post('<b>x</b>');
  expect(html.status()).toBe(400);
  expect(await html.json()).toMatchObject({ code: 'html' });

  for (let count = 1; count <= 5; count++)
    expect((await post(unique(`Quick message ${count}`))).status()).toBe(201);
  const answered = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'POST' && new URL(answer.url()).pathname.endsWith('/messages'),
  );
  await say(page, unique('One more'));
  const refused = await answered;
  expect(refused.status()).toBe(429);
  const wait = Number(refused.headers()['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(10);
  const notice = page.getByTestId('chat-notice');
  await expect(notice).toHaveRole('status');
  await expect(notice).toHaveText(`You're sending messages too fast. Try again in ${wait} s.`);
  // The refused message stays in the field, to send once the wait is over.
  await expect(messageField(page)).toHaveValue(/^One more /);
});

test.describe('accessibility', { tag: '@accessibility' }, () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the panel page and the video view with its chat in the ${theme} theme`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const event = await chatEvent(request, 'live-now');
      const page = await visitor(browser, baseURL!, 'member@vitrine.test', { theme });
      await page.goto(panelPath(event));
      // New messages are announced, politely, by the reader as by the island.
      await expect(log(page)).toHaveAttribute('aria-live', 'polite');
      await expectAccessible(page);
      await page.goto(videoPath(event));
      await expect(log(besidePlayer(page)).getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the owner’s panel with its settings open, and a replay beside its video, in German', async ({
    browser,
    baseURL,
    request,
  }) => {
    const event = await chatEvent(request, 'live-now');
    const owner = await visitor(browser, baseURL!, 'owner@vitrine.test');
    await owner.goto(panelPath(event, '/de-DE'));
    await takenOver(owner);
    await expect(owner.getByRole('log', { name: 'Chatnachrichten' })).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await owner.getByText('Chat-Einstellungen', { exact: true }).click();
    await expectAccessible(owner);
    await owner.goto(videoPath(await chatEvent(request, 'live-rehearsal'), '/de-DE'));
    await takenOver(owner.frameLocator('iframe[title="Live-Chat"]'));
    await expectAccessible(owner);
  });
});

test.describe('without JavaScript', () => {
  test('the panel reads, and a signed-in viewer posts through its form and finds the message on the page it returns to', async ({
    browser,
    baseURL,
    request,
  }) => {
    const event = await chatEvent(request, 'live-now');
    const writer = await visitor(browser, baseURL!, 'member@vitrine.test', {
      javaScriptEnabled: false,
    });
    await writer.goto(panelPath(event));
    await expect(log(writer).getByRole('listitem').first()).toBeVisible();

    const line = unique('Sent without JavaScript');
    await say(writer, line);
    await expect(writer).toHaveURL(/[?&]notice=sent/);
    await expect(writer.getByTestId('chat-notice')).toHaveText('Your message was sent.');
    await expect(log(writer).getByText(line)).toBeVisible();

    const reader = await visitor(browser, baseURL!, null, { javaScriptEnabled: false });
    await reader.goto(panelPath(event));
    await expect(log(reader).getByText(line)).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Sign in to chat' })).toBeVisible();
    await expect(messageField(reader)).toHaveCount(0);
  });
});
