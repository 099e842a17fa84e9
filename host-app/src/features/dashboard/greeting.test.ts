import { describe, expect, it } from 'vitest';
import { greeting, NEW_ACCOUNT_WINDOW_MS } from './greeting';

describe('greeting', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('must welcome a brand-new account rather than welcome it back', () => {
    expect(greeting({ name: 'Ada', createdAt: new Date(now - 5_000).toISOString() }, now)).toBe('Welcome to Marginalia, Ada!');
  });

  it('must welcome back an account older than the new-account window', () => {
    const createdAt = new Date(now - NEW_ACCOUNT_WINDOW_MS - 1).toISOString();
    expect(greeting({ name: 'Ada', createdAt }, now)).toBe('Welcome back, Ada!');
  });

  it('must welcome back when the creation date is unreadable', () => {
    expect(greeting({ name: 'Ada', createdAt: 'unknown' }, now)).toBe('Welcome back, Ada!');
  });
});
