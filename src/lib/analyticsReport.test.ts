import { describe, expect, it } from 'vitest';
import {
  barChart,
  busiestDay,
  CHART,
  everyDay,
  parsePeriod,
  periodDays,
  toCsv,
  total,
} from './analyticsReport.ts';

describe('the period of an analytics page', () => {
  it('is 7, 30 or 90 days, 30 when asked for anything else', () => {
    expect(parsePeriod('7')).toBe(7);
    expect(parsePeriod('90')).toBe(90);
    expect(parsePeriod('365')).toBe(30);
    expect(parsePeriod(null)).toBe(30);
  });

  it('spans its days up to today, across a month end', () => {
    expect(periodDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('has a row for every day, zero where nothing was counted', () => {
    const rows = everyDay(
      [{ day: '2026-03-01', plays: 4 }],
      periodDays('2026-03-02', 3),
      (day) => ({
        day,
        plays: 0,
      }),
    );
    expect(rows.map((row) => row.plays)).toEqual([0, 4, 0]);
    expect(total(rows, (row) => row.plays)).toBe(4);
  });
});

describe('bar charts', () => {
  it('scale the largest value to the full height', () => {
    const { bars, max } = barChart([0, 5, 10]);
    expect(max).toBe(10);
    expect(bars.map((bar) => bar.height)).toEqual([0, CHART.height / 2, CHART.height]);
    expect(bars[2]!.y).toBe(0);
    expect(bars[1]!.x).toBeGreaterThan(bars[0]!.x);
  });

  it('draw nothing tall when nothing was counted', () => {
    expect(barChart([0, 0]).bars.every((bar) => bar.height === 0)).toBe(true);
  });

  it('keep a fixed top when one is given (shares out of 1)', () => {
    expect(barChart([0.5], 1).bars[0]!.height).toBe(CHART.height / 2);
  });
});

describe('CSV', () => {
  it('quotes cells that hold separators and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['day', 'plays'],
        [
          ['2026-03-01', 4],
          ['a,"b"', 1],
        ],
      ),
    ).toBe('day,plays\r\n2026-03-01,4\r\n"a,""b""",1\r\n');
  });
});

describe('the busiest day', () => {
  it('is the first day with the most, none when nothing was counted', () => {
    const rows = [
      { day: 'a', plays: 2 },
      { day: 'b', plays: 5 },
      { day: 'c', plays: 5 },
    ];
    expect(busiestDay(rows, (row) => row.plays)).toEqual({ day: 'b', count: 5 });
    expect(busiestDay([{ day: 'a', plays: 0 }], (row) => row.plays)).toBeNull();
  });
});
