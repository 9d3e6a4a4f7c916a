import { describe, expect, it } from 'vitest';
import { checkChatBody } from '../../lib/chatMessage.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CHAT,
  DEMO_CHAT_SPEAKER,
  DEMO_SHOWCASES,
  DEMO_VIDEOS,
} from './demoCatalogue.ts';
import { demoChatRows, demoLiveEvent } from './demoLiveEvents.ts';

const now = new Date('2026-06-05T09:00:00Z');
const MINUTE = 60 * 1000;

function seeded(key: string) {
  const video = DEMO_VIDEOS.find((v) => v.key === key)!;
  return demoLiveEvent(video.live!, video.duration, now);
}

describe('the demo’s live events', () => {
  it('has the studio event ready for the demo feed since half an hour, every day, keeping no recording', () => {
    expect(seeded('live-now')).toMatchObject({
      status: 'ready',
      startTime: new Date(now.getTime() - 30 * MINUTE),
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
      saveReplay: false,
    });
    expect(seeded('live-soon')).toMatchObject({ rrule: null, saveReplay: true });
  });

  it('has the Q&A starting 20 minutes after the seed, so it is ready', () => {
    expect(seeded('live-soon')).toMatchObject({
      status: 'ready',
      startTime: new Date(now.getTime() + 20 * MINUTE),
    });
  });

  it('has the weekly hour at its next Thursday, 18:00 in Paris', () => {
    const weekly = seeded('live-weekly');
    expect(weekly).toMatchObject({
      status: 'pending',
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      timeZone: 'Europe/Paris',
      startTime: new Date('2026-06-11T16:00:00Z'),
    });
  });

  it('has the rehearsal over, with a replay and no stream key', () => {
    const rehearsal = seeded('live-rehearsal');
    expect(rehearsal).toMatchObject({ status: 'done', streamKey: null });
    expect(rehearsal.archivedTime!.getTime()).toBeGreaterThan(rehearsal.startTime!.getTime());
    expect(DEMO_VIDEOS.find((v) => v.key === 'live-rehearsal')!.duration).toBeGreaterThan(0);
  });

  it('gives every event that may still go live a key of its own', () => {
    const keys = ['live-now', 'live-soon', 'live-weekly'].map((key) => seeded(key).streamKey);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('shows all four in the live showcase', () => {
    expect(DEMO_SHOWCASES.find((s) => s.layout === 'live')!.videos).toEqual([
      'live-now',
      'live-soon',
      'live-weekly',
      'live-rehearsal',
    ]);
  });
});

describe('the demo’s live chat', () => {
  const chatOf = (key: string) => {
    const video = DEMO_VIDEOS.find((v) => v.key === key)!;
    return demoChatRows(
      DEMO_CHAT[key]!,
      demoLiveEvent(video.live!, video.duration, now),
      video.duration,
      now,
    );
  };

  it('has newcomers talking in the streaming event before the seed, off the air, oldest first', () => {
    const chat = chatOf('live-now');
    expect(new Set(chat.map((m) => m.author))).toEqual(new Set(['member', 'guest', 'viewer']));
    expect(chat.every((m) => m.offsetMs === null && m.createdAt < now)).toBe(true);
    const times = chat.map((m) => m.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('spreads the rehearsal’s chat over its replay, each message said at its offset into the broadcast', () => {
    const rehearsal = seeded('live-rehearsal');
    const replayMs = DEMO_VIDEOS.find((v) => v.key === 'live-rehearsal')!.duration * 1000;
    const chat = chatOf('live-rehearsal');
    const offsets = chat.map((m) => m.offsetMs!);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets[0]!).toBeLessThan(replayMs / 4);
    expect(offsets.at(-1)!).toBeGreaterThan((replayMs * 3) / 4);
    expect(offsets.at(-1)!).toBeLessThanOrEqual(replayMs);
    for (const message of chat)
      expect(message.createdAt.getTime() - rehearsal.startTime!.getTime()).toBe(message.offsetMs);
  });

  it('refuses to place a message in the broadcast of an event that has not been on the air', () => {
    const soon = DEMO_VIDEOS.find((v) => v.key === 'live-soon')!;
    expect(() =>
      demoChatRows(
        [{ author: 'member', body: 'Too early', at: 0.5 }],
        demoLiveEvent(soon.live!, soon.duration, now),
        soon.duration,
        now,
      ),
    ).toThrow(/Too early/);
  });

  it('is said by demo accounts in messages the chat would take', () => {
    const accounts = new Set(DEMO_ACCOUNTS.map((a) => a.key));
    const said = [
      ...Object.values(DEMO_CHAT).flat(),
      ...DEMO_CHAT_SPEAKER.lines.map((body) => ({ author: DEMO_CHAT_SPEAKER.author, body })),
    ];
    for (const { author, body } of said) {
      expect(accounts.has(author), author).toBe(true);
      expect(checkChatBody(body), body).toEqual({ ok: true, body });
    }
  });
});
