import { describe, expect, it } from 'vitest';
import { DEMO_SHOWCASES, DEMO_VIDEOS } from './demoCatalogue.ts';
import { demoLiveEvent } from './demoLiveEvents.ts';

const now = new Date('2026-06-05T09:00:00Z');
const MINUTE = 60 * 1000;

function seeded(key: string) {
  const video = DEMO_VIDEOS.find((v) => v.key === key)!;
  return demoLiveEvent(video.live!, video.duration, now);
}

describe('the demo’s live events', () => {
  it('has the studio event ready for the demo feed since half an hour, every day, keeping no recording', () => {
    expect(seeded('live-now')).toMatchObject({ status: 'ready', startTime: new Date(now.getTime() - 30 * MINUTE), rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', saveReplay: false });
    expect(seeded('live-soon')).toMatchObject({ rrule: null, saveReplay: true });
  });

  it('has the Q&A starting 20 minutes after the seed, so it is ready', () => {
    expect(seeded('live-soon')).toMatchObject({ status: 'ready', startTime: new Date(now.getTime() + 20 * MINUTE) });
  });

  it('has the weekly hour at its next Thursday, 18:00 in Paris', () => {
    const weekly = seeded('live-weekly');
    expect(weekly).toMatchObject({ status: 'pending', rrule: 'FREQ=WEEKLY;BYDAY=TH', timeZone: 'Europe/Paris', startTime: new Date('2026-06-11T16:00:00Z') });
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
    expect(DEMO_SHOWCASES.find((s) => s.layout === 'live')!.videos).toEqual(['live-now', 'live-soon', 'live-weekly', 'live-rehearsal']);
  });
});
