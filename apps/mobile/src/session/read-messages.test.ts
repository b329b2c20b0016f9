import { describe, expect, it } from 'vitest';
import { hasUnread, markMessageRead, readMessageIds } from './read-messages';
import { storageKeys } from './storage';

describe('read messages', () => {
  it('shows the dot when any notice id is missing from readMsg', () => {
    expect(hasUnread(['1', '2'], ['1'])).toBe(true);
    expect(hasUnread(['1', '2'], ['2', '1'])).toBe(false);
    expect(hasUnread([], [])).toBe(false);
  });

  it('stores read ids as a JSON array of strings, once each', () => {
    markMessageRead('7');
    markMessageRead('7');
    markMessageRead('12');
    expect(localStorage.getItem(storageKeys.readMsg)).toBe('["7","12"]');
    expect(readMessageIds()).toEqual(['7', '12']);
  });

  it('survives a damaged value', () => {
    localStorage.setItem(storageKeys.readMsg, '{not json');
    expect(readMessageIds()).toEqual([]);
    localStorage.setItem(storageKeys.readMsg, '[3, "4"]');
    expect(readMessageIds()).toEqual(['3', '4']);
  });
});
