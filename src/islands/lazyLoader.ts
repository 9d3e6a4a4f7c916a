/**
 * The one script a page runs before anyone interacts with it. Astro inlines it (it imports
 * nothing and is small), so a page fetches no JavaScript until it needs some.
 *
 * An element with `data-lazy="{key}"` (a host) takes over its markup with the module of
 * `<template data-lazy-module="{key}">`, whose script Astro rendered in place and the browser
 * keeps inert. The module is fetched the first time someone reaches for a host (a pointer over
 * it, a press, focus, a key, typing), or when the host's `data-lazy-on` says: `message` (a
 * message from the host's frame, or from the page that frames this one), `play` (its video
 * starts), `now`; and `data-lazy-after="{ms}"` wakes it that long after the page loaded (a
 * status poll's first turn). The module hands its mount function to `vitrineLazy(key, mount)`, which
 * mounts every host that waits for it.
 *
 * A click that lands before its host is mounted (a quick tap, Enter on a focused link) is held
 * and given again to the same element once mounted, so it acts in place rather than following
 * the link; if the module cannot load, a held link is followed as it would have been without
 * JavaScript. Messages that woke a host are given again once it is mounted, and so are the
 * keys pressed while it loaded where the host asks for it (`data-lazy-keys`: a player whose
 * shortcuts are its only controls).
 *
 * React islands declare the same first-interaction hydration as `client:interaction`
 * (interactionDirective.ts). What stays here is what an Astro client directive cannot take: a
 * directive hydrates a framework component inside its `<astro-island>`, and these modules enhance
 * markup that is no component (the player frame's `<body>`, the video view's frames and chat
 * column, the share page's form), waking on messages between frames and replaying the keys
 * pressed meanwhile; and the live chat, whose island is handed the messages its reader
 * (src/components/chat/chatReader.ts) appended since the page was written, where an island's
 * props are the ones the server serialised into it.
 */
export type LazyMount = (host: HTMLElement) => void;

export interface LazyWindow extends Window {
  vitrineLazy?: (key: string, mount: LazyMount) => void;
}

const INTERACTIONS = ['pointerenter', 'pointerdown', 'focusin', 'keydown', 'input'] as const;

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function watchLazyHosts(doc: Document, win: LazyWindow): void {
  const mounts = new Map<string, LazyMount>();
  const requested = new Set<string>();
  const waiting = new Set<HTMLElement>();
  const held = new Map<HTMLElement, HTMLElement>();
  const messages = new Map<HTMLElement, MessageEvent[]>();
  const keys = new Map<HTMLElement, KeyboardEvent[]>();

  const hostOf = (target: EventTarget | null): HTMLElement | null =>
    target instanceof Element ? target.closest<HTMLElement>('[data-lazy]') : null;
  const triggers = (host: HTMLElement, trigger: string) =>
    (host.dataset['lazyOn'] ?? '').split(' ').includes(trigger);

  const mount = (host: HTMLElement, run: LazyMount) => {
    waiting.delete(host);
    run(host);
    host.dataset['hydrated'] = '';
    const actor = held.get(host);
    held.delete(host);
    // React replays a discrete event on content it has not hydrated yet, so the click reaches
    // the island's own handler.
    actor?.click();
    for (const message of messages.get(host) ?? []) {
      win.dispatchEvent(
        new MessageEvent('message', {
          data: message.data,
          origin: message.origin,
          source: message.source,
          ports: [...message.ports],
        }),
      );
    }
    messages.delete(host);
    for (const key of keys.get(host) ?? [])
      key.target?.dispatchEvent(
        new KeyboardEvent('keydown', {
          key: key.key,
          code: key.code,
          ctrlKey: key.ctrlKey,
          metaKey: key.metaKey,
          altKey: key.altKey,
          shiftKey: key.shiftKey,
          bubbles: true,
          cancelable: true,
        }),
      );
    keys.delete(host);
  };

  const fail = (key: string) => {
    // Offline, or a deploy in between: the plain HTML keeps working, and the next
    // interaction tries again.
    requested.delete(key);
    for (const host of [...waiting]) {
      if (host.dataset['lazy'] !== key) continue;
      waiting.delete(host);
      delete host.dataset['lazyState'];
      const actor = held.get(host);
      held.delete(host);
      messages.delete(host);
      keys.delete(host);
      if (actor instanceof HTMLAnchorElement) win.location.assign(actor.href);
    }
  };

  const load = (key: string) => {
    requested.add(key);
    const template = [
      ...doc.querySelectorAll<HTMLTemplateElement>('template[data-lazy-module]'),
    ].find((t) => t.dataset['lazyModule'] === key);
    const source = template?.content.querySelector('script');
    if (!source) return fail(key);
    // A script element of our own rather than import(): the bundler leaves it alone, and a
    // module small enough for Astro to inline runs the same way (its hash is in the policy).
    const script = doc.createElement('script');
    script.type = 'module';
    if (source.src) script.src = source.src;
    else script.textContent = source.textContent;
    script.addEventListener('error', () => fail(key));
    doc.head.append(script);
  };

  const start = (host: HTMLElement) => {
    if (host.dataset['lazyState']) return;
    host.dataset['lazyState'] = 'started';
    const key = host.dataset['lazy'] ?? '';
    const run = mounts.get(key);
    if (run) return mount(host, run);
    waiting.add(host);
    if (!requested.has(key)) load(key);
  };

  win.vitrineLazy = (key, run) => {
    mounts.set(key, run);
    for (const host of [...waiting]) if (host.dataset['lazy'] === key) mount(host, run);
  };

  for (const type of INTERACTIONS) {
    doc.addEventListener(
      type,
      (event) => {
        const host = hostOf(event.target);
        if (!host) return;
        if (
          event instanceof KeyboardEvent &&
          host.dataset['lazyKeys'] !== undefined &&
          host.dataset['hydrated'] === undefined
        )
          keys.set(host, [...(keys.get(host) ?? []), event]);
        start(host);
      },
      { capture: true, passive: true },
    );
  }

  doc.addEventListener(
    'click',
    (event) => {
      const host = hostOf(event.target);
      if (
        !host ||
        host.dataset['hydrated'] !== undefined ||
        !isPlainClick(event) ||
        !(event.target instanceof Element)
      )
        return;
      const actor = event.target.closest<HTMLElement>('a[href], button');
      if (!actor || !host.contains(actor)) return;
      event.preventDefault();
      event.stopPropagation();
      held.set(host, actor);
      start(host);
    },
    { capture: true },
  );

  // Media events do not bubble, but every one passes the document on its way down.
  doc.addEventListener(
    'play',
    (event) => {
      const host = hostOf(event.target);
      if (host && triggers(host, 'play')) start(host);
    },
    { capture: true },
  );

  win.addEventListener('message', (event) => {
    for (const host of doc.querySelectorAll<HTMLElement>('[data-lazy-on~="message"]')) {
      if (host.dataset['hydrated'] !== undefined) continue;
      const frames =
        host instanceof HTMLIFrameElement ? [host] : [...host.querySelectorAll('iframe')];
      const fromFrame = frames.some(
        (frame) => frame.contentWindow !== null && event.source === frame.contentWindow,
      );
      const fromParent = win.parent !== win && event.source === win.parent;
      if (!fromFrame && !fromParent) continue;
      messages.set(host, [...(messages.get(host) ?? []), event]);
      start(host);
    }
  });

  for (const host of doc.querySelectorAll<HTMLElement>('[data-lazy-on~="now"]')) start(host);
  for (const host of doc.querySelectorAll<HTMLElement>('[data-lazy-after]'))
    setTimeout(() => start(host), Number(host.dataset['lazyAfter']));
  // Focus may already be inside (autofocus, or a restored page); the body has it when nothing has.
  const focused = doc.activeElement === doc.body ? null : hostOf(doc.activeElement);
  if (focused) start(focused);
}
