import { describe, expect, it, vi } from 'vitest';
import {
  ATTACH_EVENTS,
  PLAYER_ENDED,
  attachPlayerEvents,
  isAttachEvents,
  isPlayerEnded,
  listenForPlayerEnded,
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
    for (const listener of this.listeners) listener({ data, origin, source } as unknown as MessageEvent);
  }
}

const PARENT_ORIGIN = 'https://partner.example';

function frameWindow({ referrer = `${PARENT_ORIGIN}/page`, ancestor }: { referrer?: string; ancestor?: string } = {}) {
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
  it.each([null, 'attach-events', { method: 'play' }, { event: 'attach-events' }])('refuses %j as attach-events', (data) => {
    expect(isAttachEvents(data)).toBe(false);
  });
});

describe('parentOrigin', () => {
  it('prefers the ancestor origin the browser reports', () => {
    expect(parentOrigin(frameWindow({ ancestor: 'https://a.example', referrer: 'https://b.example/x' }).frame)).toBe('https://a.example');
  });
  it('falls back to the referrer’s origin', () => {
    expect(parentOrigin(frameWindow({ referrer: 'https://b.example/x?y' }).frame)).toBe('https://b.example');
  });
  it('is unknown without either', () => {
    expect(parentOrigin(frameWindow({ referrer: '' }).frame)).toBeNull();
  });
});

describe('the frame side', () => {
  it('posts PLAYER_ENDED to its parent’s origin once the parent attached', () => {
    const { parent, frame } = frameWindow();
    const media = new EventTarget();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([{ message: { event: PLAYER_ENDED }, targetOrigin: PARENT_ORIGIN }]);
  });

  it('posts nothing when the parent never attached', () => {
    const { parent, frame } = frameWindow();
    const media = new EventTarget();
    attachPlayerEvents(frame, media);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('ignores attach-events from a window other than its parent', () => {
    const { parent, frame } = frameWindow();
    const media = new EventTarget();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, new FakeWindow());
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('ignores attach-events from an origin other than its parent’s', () => {
    const { parent, frame } = frameWindow();
    const media = new EventTarget();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, 'https://evil.example', parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('ignores other messages from its parent', () => {
    const { parent, frame } = frameWindow();
    const media = new EventTarget();
    attachPlayerEvents(frame, media);
    frame.receive({ method: 'play' }, PARENT_ORIGIN, parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });

  it('accepts the parent’s origin when the frame cannot tell it in advance', () => {
    const { parent, frame } = frameWindow({ referrer: '' });
    const media = new EventTarget();
    attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, 'https://other.example', parent);
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([{ message: { event: PLAYER_ENDED }, targetOrigin: 'https://other.example' }]);
  });

  it('stops reporting once detached', () => {
    const { parent, frame } = frameWindow();
    const media = new EventTarget();
    const detach = attachPlayerEvents(frame, media);
    frame.receive({ method: ATTACH_EVENTS }, PARENT_ORIGIN, parent);
    detach();
    media.dispatchEvent(new Event('ended'));
    expect(parent.posted).toEqual([]);
  });
});

describe('the parent side', () => {
  const SELF = 'https://vitrine.example';

  function setUp() {
    const win = Object.assign(new FakeWindow(), { location: { href: `${SELF}/showcase/2` } });
    const content = new FakeWindow();
    const frame = Object.assign(new EventTarget(), { src: '/showcase/2/video/5/embed?autoplay=1', contentWindow: content as MessageWindow | null });
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
