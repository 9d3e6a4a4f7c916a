/**
 * The "Confirmed!" toast of SPEC §2 and §4, shared by the stock buttons (which confirm) and
 * the toast card (which shows it): set after adding, dismissed by the viewer or after 4 s.
 */
import { signal } from '@preact/signals-core';

/** SPEC §9: the stock toast stays 4 s. */
export const STOCK_TOAST_MS = 4000;

export interface StockConfirmation {
  /** Where the clip went: the cart or the account. */
  kind: 'cart' | 'account';
  title: string;
}

export const stockToast = signal<StockConfirmation | null>(null);

let timer: ReturnType<typeof setTimeout> | undefined;

export function dismissStockToast(): void {
  clearTimeout(timer);
  timer = undefined;
  stockToast.value = null;
}

/** Shows the toast for a fresh 4 s, replacing any confirmation still showing. */
export function confirmStock(confirmation: StockConfirmation): void {
  clearTimeout(timer);
  stockToast.value = confirmation;
  timer = setTimeout(dismissStockToast, STOCK_TOAST_MS);
}

/** While the pointer or focus is on the card it stays, so it can be read and its link reached. */
export function holdStockToast(): void {
  clearTimeout(timer);
  timer = undefined;
}

/** Leaving the card gives it a fresh 4 s. */
export function releaseStockToast(): void {
  if (!stockToast.peek()) return;
  clearTimeout(timer);
  timer = setTimeout(dismissStockToast, STOCK_TOAST_MS);
}
