import { describe, expect, it } from 'vitest';
import { announceReady, type AnnouncingWindow } from './frameReady.ts';

function frame(parentOrigin: string | 'unreadable'): {
  win: AnnouncingWindow;
  posted: unknown[][];
} {
  const posted: unknown[][] = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push([message, targetOrigin]),
    get location(): { origin: string } {
      if (parentOrigin === 'unreadable')
        throw new DOMException(
          'Blocked a frame from accessing a cross-origin frame.',
          'SecurityError',
        );
      return { origin: parentOrigin };
    },
  };
  return { win: { parent, location: { origin: 'https://videos.example' } }, posted };
}

describe('announceReady', () => {
  it('tells a page of another site that the frame takes calls', () => {
    const { win, posted } = frame('unreadable');
    announceReady(win);
    expect(posted).toEqual([[{ event: 'ready' }, '*']]);
  });

  it('tells nothing to a page of its own site, nor to itself when not framed', () => {
    const own = frame('https://videos.example');
    announceReady(own.win);
    expect(own.posted).toEqual([]);
    const posted: unknown[] = [];
    const top = {
      location: { origin: 'https://videos.example' },
      postMessage: (message: unknown) => void posted.push(message),
    } as unknown as AnnouncingWindow & AnnouncingWindow['parent'];
    top.parent = top;
    announceReady(top);
    expect(posted).toEqual([]);
  });
});
