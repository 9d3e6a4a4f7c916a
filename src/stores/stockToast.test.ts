import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmStock,
  dismissStockToast,
  holdStockToast,
  releaseStockToast,
  STOCK_TOAST_MS,
  stockToast,
} from './stockToast.ts';

describe('the stock toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissStockToast();
    vi.useRealTimers();
  });

  it('shows a confirmation and dismisses it after 4 s', () => {
    confirmStock({ kind: 'cart', title: 'City lights' });
    expect(stockToast.value).toEqual({ kind: 'cart', title: 'City lights' });
    vi.advanceTimersByTime(STOCK_TOAST_MS - 1);
    expect(stockToast.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(stockToast.value).toBeNull();
  });

  it('gives a second confirmation its own 4 s', () => {
    confirmStock({ kind: 'cart', title: 'First' });
    vi.advanceTimersByTime(3000);
    confirmStock({ kind: 'account', title: 'Second' });
    vi.advanceTimersByTime(3000);
    expect(stockToast.value).toEqual({ kind: 'account', title: 'Second' });
    vi.advanceTimersByTime(1000);
    expect(stockToast.value).toBeNull();
  });

  it('stays while held, and gets a fresh 4 s once released', () => {
    confirmStock({ kind: 'cart', title: 'Held' });
    vi.advanceTimersByTime(3000);
    holdStockToast();
    vi.advanceTimersByTime(60_000);
    expect(stockToast.value).toEqual({ kind: 'cart', title: 'Held' });
    releaseStockToast();
    vi.advanceTimersByTime(STOCK_TOAST_MS);
    expect(stockToast.value).toBeNull();
  });

  it('goes at once when dismissed', () => {
    confirmStock({ kind: 'account', title: 'Fog' });
    dismissStockToast();
    expect(stockToast.value).toBeNull();
  });
});
