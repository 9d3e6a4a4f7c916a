import { describe, expect, it, vi } from 'vitest';
import {
  ATTACH_EVENTS,
  PLAYER_ENDED,
  TIME_UPDATE,
  attachPlayerEvents,
  isAttachEvents,
  isPlayerEnded,
  isTimeUpdate,
  listenForPlayerEnded,
  listenForPlayerTime,
  listenForRelayedTime,
  parentOrigin,
  type FrameWindow,
  type MessageWindow,
} from './playerMessages.ts';

type Listener = (event: MessageEvent) => void;

/** A window that records what is posted to it and lets a test deliver messages. */
class FakeWindow implements MessageWindow {
  readonly posted: Array<{ message: unknown; targetOrigin: string }> = [];
  private readonly listeners = new Set<Listener>();
  addEventListener(_type: 'message', listener: Listener) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: Listener) {
    this.listeners.delete(listener);
  }
  postMessage(message: unknown, targetOrigin: string) {
    this.posted.push({ message, targetOrigin });
  }
  /** Delivers a message as the browser would, from `source` at `origin`. */
  receive(data: unknown, origin: string, source: unknown) {
    for (const listener of this.listeners)
      listener({ data, origin, source } as unknown as MessageEvent);
  }
}

const PARENT_ORIGIN = 'https://partner.example';

/** A media element that is wherever a test puts it. */
function fakeMedia({
  currentTime = 0,
  duration = 120,
}: { currentTime?: number; duration?: number } = {}) {
  return Object.assign(new EventTarget(), { currentTime, duration });
}

function frameWindow({
  referrer = `${PARENT_ORIGIN}/page`,
  ancestor,
}: { referrer?: string; ancestor?: string } = {}) {
  const parent = new FakeWindow();
  const frame = Object.assign(new FakeWindow(), {
    parent,
    document: { referrer },
    location: { ancestorOrigins: ancestor ? { length: 1, 0: ancestor } : undefined },
  });
  return { parent, frame: frame as FakeWindow & FrameWindow };
}

describe('message shapes', () => {
  it('recognises attach-events', () => {
    expect(isAttachEvents({ method: ATTACH_EVENTS })).toBe(true);
  });
  it('recognises PLAYER_ENDED', () => {
    expect(isPlayerEnded({ event: PLAYER_ENDED })).toBe(true);
  });
  it.each([null, 'attach-events', { method: 'play' }, { event: 'attach-events' }])(
    'refuses %j as attach-events',
    (data) => {
      expect(isAttachEvents(data)).toBe(false);
    },
  );
  it('recognises a position report', () => {
    expect(isTimeUpdate({ event: TIME_UPDATE, data: { seconds: 12.5, duration: 60 } })).toBe(true);
  });
  it.each([
    { event: TIME_UPDATE },
    { event: TIME_UPDATE, data: { seconds: '3' } },
    { event: TIME_UPDATE, data: { seconds: -1 } },
    { event: TIME_UPDATE, data: { seconds: Number.NaN } },
    { event: 'play', data: { seconds: 3 } },
  ])('refuses %j as a position report', (data) => {
    expect(isTimeUpdate(data)).toBe(false);
  });
});

describe('parentOrigin', () => {
  it('prefers the ancestor origin the browser reports', () => {
    expect(
      parentOrigin(
        frameWindow({ ancestor: 'https://a.example', referrer: 'https://b.example/x' }).frame,
      ),
    ).toBe('https://a.example');
  });
  it('falls back to the referrer’s origin', () => {
    expect(parentOrigin(frameWindow({ referrer: 'https://b.example/x?y' }).frame)).toBe(
      'https://b.example',
    );
  });
  it('is unknown without either', () => {
    expect(parentOrigin(frameWindow({ referrer: '' }).frame)).toBeNull();
  });
});

describe('the frame side', () => {
  it('posts PLAYER_ENDED to its parent’s origin once the parent attached', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([
      { message: { event: PLAYER_ENDED }, targetOrigin: PARENT_ORIGIN },
    ]);
  });

  it('posts PLAYER_ENDED at once when the media had ended before the parent first attached', () => {
    const { parent, frame } = frameWindow();
    const media = Object.assign(fakeMedia(), { ended: true });
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    expect(parent.posted).toEqual([
      { message: { event: PLAYER_ENDED }, targetOrigin: PARENT_ORIGIN },
    ]);
  });

  it('posts nothing when the parent never attached', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    attachPlayerEvents(frame, media);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('ignores attach-events from a window other than its parent', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, new FakeWindow());
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('ignores attach-events from an origin other than its parent’s', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, 'https://evil.example', parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('ignores other messages from its parent', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    attachPlayerEvents(frame, media);
    frame.receive({ method: 'play' }, PARENT_ORIGIN, parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('accepts the parent’s origin when the frame cannot tell it in advance', () => {
    const { parent, frame } = frameWindow({ referrer: '' });
    const media = fakeMedia();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, 'https://other.example', parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([
      { message: { event: PLAYER_ENDED }, targetOrigin: 'https://other.example' },
    ]);
  });

  it('stops reporting once detached', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    const detach = attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    detach();
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });
});

describe('the frame side, reporting the position', () => {
  /** A frame its parent attached to, with a clock the test moves. */
  function attached() {
    const { parent, frame } = frameWindow();
    const media = fakeMedia({ duration: 300 });
    const clock = { ms: 10_000 };
    const detach = attachPlayerEvents(frame, media, () => clock.ms);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    const playTo = (seconds: number, type = 'timeupdate') => {
      media.currentTime = seconds;
      media.dispatchEvent(new Event(type));
    };
    const reported = () =>
      parent.posted.map(({ message }) => (message as { data: { seconds: number } }).data.seconds);
    return { parent, media, clock, detach, playTo, reported };
  }

  it('posts the position and length to its parent’s origin in player.js’s shape', () => {
    const { parent, playTo } = attached();
    playTo(4.25);
    expect(parent.posted).toEqual([
      {
        message: { event: TIME_UPDATE, data: { seconds: 4.25, duration: 300 } },
        targetOrigin: PARENT_ORIGIN,
      },
    ]);
  });

  it('posts at most four positions a second while playing', () => {
    const { clock, playTo, reported } = attached();
    for (let i = 0; i < 20; i++) {
      playTo(i * 0.05);
      clock.ms += 50;
    }
    // 20 reports from the media over one second; one in five goes out.
    expect(reported()).toEqual([0, 0.25, 0.5, 0.75]);
  });

  it('posts the new position at once after a seek', () => {
    const { clock, playTo, reported } = attached();
    playTo(10);
    clock.ms += 10;
    playTo(2, 'seeked');
    clock.ms += 10;
    playTo(2.01);
    expect(reported()).toEqual([10, 2]);
  });

  it('reports a length of 0 while it is not known', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia({ duration: Number.NaN });
    attachPlayerEvents(frame, media, () => 0);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    media.dispatchEvent(new Event('timeupdate'));
    expect(parent.posted[0]?.message).toEqual({
      event: TIME_UPDATE,
      data: { seconds: 0, duration: 0 },
    });
  });

  it('posts no position before the parent attached, nor after detaching', () => {
    const { parent, frame } = frameWindow();
    const media = fakeMedia();
    const detach = attachPlayerEvents(frame, media, () => 0);
    media.dispatchEvent(new Event('timeupdate'));
    media.dispatchEvent(new Event('seeked'));
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    detach();
    media.dispatchEvent(new Event('seeked'));
    expect(parent.posted).toEqual([]);
  });
});

describe('the parent side', () => {
  const SELF = 'https://vitrine.example';

  function setUp() {
    const win = Object.assign(new FakeWindow(), { location: { href: `${SELF}/showcase/2` } });
    const content = new FakeWindow();
    const frame = Object.assign(new EventTarget(), {
      src: '/showcase/2/video/5/embed?autoplay=1',
      contentWindow: content as MessageWindow | null,
    });
    return { win, content, frame };
  }

  it('sends attach-events to the frame’s origin at once', () => {
    const { win, content, frame } = setUp();
    listenForPlayerEnded(win, frame, () => {});
    expect(content.posted).toEqual([{ message: { method: ATTACH_EVENTS }, targetOrigin: SELF }]);
  });

  it('sends attach-events again when the frame loads', () => {
    const { win, content, frame } = setUp();
    listenForPlayerEnded(win, frame, () => {});
    frame.dispatchEvent(new Event('load'));
    expect(content.posted).toHaveLength(2);
  });

  it('calls back on PLAYER_ENDED from the frame', () => {
    const { win, content, frame } = setUp();
    const onEnded = vi.fn();
    listenForPlayerEnded(win, frame, onEnded);
    win.receive({ event: PLAYER_ENDED }, SELF, content);
    expect(onEnded).toHaveBeenCalledOnce();
  });

  it('ignores PLAYER_ENDED from another window', () => {
    const { win, frame } = setUp();
    const onEnded = vi.fn();
    listenForPlayerEnded(win, frame, onEnded);
    win.receive({ event: PLAYER_ENDED }, SELF, new FakeWindow());
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('ignores PLAYER_ENDED from another origin', () => {
    const { win, content, frame } = setUp();
    const onEnded = vi.fn();
    listenForPlayerEnded(win, frame, onEnded);
    win.receive({ event: PLAYER_ENDED }, 'https://evil.example', content);
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('stops listening once stopped', () => {
    const { win, content, frame } = setUp();
    const onEnded = vi.fn();
    listenForPlayerEnded(win, frame, onEnded)();
    win.receive({ event: PLAYER_ENDED }, SELF, content);
    expect(onEnded).not.toHaveBeenCalled();
  });
});

describe('the parent side, following the position', () => {
  const SELF = 'https://vitrine.example';

  function setUp() {
    const win = Object.assign(new FakeWindow(), {
      location: { href: `${SELF}/showcase/2/video/5` },
    });
    const content = new FakeWindow();
    const frame = Object.assign(new EventTarget(), {
      src: '/showcase/2/video/5/embed?autoplay=0',
      contentWindow: content as MessageWindow | null,
    });
    return { win, content, frame };
  }

  it('asks the frame for its events', () => {
    const { win, content, frame } = setUp();
    listenForPlayerTime(win, frame, () => {});
    expect(content.posted).toEqual([{ message: { method: ATTACH_EVENTS }, targetOrigin: SELF }]);
  });

  it('hands on each position the frame reports', () => {
    const { win, content, frame } = setUp();
    const onTime = vi.fn();
    listenForPlayerTime(win, frame, onTime);
    win.receive({ event: TIME_UPDATE, data: { seconds: 7, duration: 90 } }, SELF, content);
    expect(onTime).toHaveBeenCalledWith({ seconds: 7, duration: 90 });
  });

  it('ignores positions from another window or origin, and other messages', () => {
    const { win, content, frame } = setUp();
    const onTime = vi.fn();
    listenForPlayerTime(win, frame, onTime);
    win.receive({ event: TIME_UPDATE, data: { seconds: 7, duration: 90 } }, SELF, new FakeWindow());
    win.receive(
      { event: TIME_UPDATE, data: { seconds: 7, duration: 90 } },
      'https://evil.example',
      content,
    );
    win.receive({ event: PLAYER_ENDED }, SELF, content);
    expect(onTime).not.toHaveBeenCalled();
  });
});

describe('the chat side, taking the relayed position', () => {
  const SELF = 'https://vitrine.example';

  function chatFrame() {
    const parent = new FakeWindow();
    const win = Object.assign(new FakeWindow(), {
      parent: parent as MessageWindow,
      location: { origin: SELF },
    });
    return { parent, win };
  }

  it('follows the position its page relays', () => {
    const { parent, win } = chatFrame();
    const onTime = vi.fn();
    listenForRelayedTime(win, onTime);
    win.receive({ event: TIME_UPDATE, data: { seconds: 42, duration: 90 } }, SELF, parent);
    expect(onTime).toHaveBeenCalledWith(42);
  });

  it('ignores a position from another origin or another window', () => {
    const { parent, win } = chatFrame();
    const onTime = vi.fn();
    listenForRelayedTime(win, onTime);
    win.receive(
      { event: TIME_UPDATE, data: { seconds: 42, duration: 90 } },
      'https://evil.example',
      parent,
    );
    win.receive(
      { event: TIME_UPDATE, data: { seconds: 42, duration: 90 } },
      SELF,
      new FakeWindow(),
    );
    expect(onTime).not.toHaveBeenCalled();
  });

  it('stops following once stopped', () => {
    const { parent, win } = chatFrame();
    const onTime = vi.fn();
    listenForRelayedTime(win, onTime)();
    win.receive({ event: TIME_UPDATE, data: { seconds: 42, duration: 90 } }, SELF, parent);
    expect(onTime).not.toHaveBeenCalled();
  });
});
