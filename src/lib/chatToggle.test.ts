import { describe, expect, it } from 'vitest';
import { CHAT_HIDDEN_KEY, chatColumnOpen, rememberChatColumn } from './chatToggle.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('the chat column toggle', () => {
  it('shows the chat until the viewer hides it', () => {
    expect(chatColumnOpen(memoryStorage())).toBe(true);
  });

  it('remembers a hidden chat, and forgets it once shown again', () => {
    const storage = memoryStorage();
    rememberChatColumn(storage, false);
    expect(chatColumnOpen(storage)).toBe(false);
    rememberChatColumn(storage, true);
    expect(chatColumnOpen(storage)).toBe(true);
    expect(storage.items.has(CHAT_HIDDEN_KEY)).toBe(false);
  });

  it('shows the chat when storage is missing or refuses', () => {
    expect(chatColumnOpen(null)).toBe(true);
    expect(chatColumnOpen(refusing)).toBe(true);
    expect(() => rememberChatColumn(refusing, false)).not.toThrow();
  });
});
