import { describe, expect, it } from 'vitest';
import { baseName, formatRelativeTime, formatSize } from './format';

const now = Date.parse('2024-06-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const HOUR = 3_600_000;

describe('relative time', () => {
  it('must say "Just now" under an hour', () => {
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('Just now');
  });
  it('must count hours under a day', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR), now)).toBe('23 hours ago');
  });
  it('must say "Yesterday" under two days', () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe('Yesterday');
    expect(formatRelativeTime(ago(47 * HOUR), now)).toBe('Yesterday');
  });
  it('must count days after that', () => {
    expect(formatRelativeTime(ago(48 * HOUR), now)).toBe('2 days ago');
    expect(formatRelativeTime(ago(30 * 24 * HOUR), now)).toBe('30 days ago');
  });
});

describe('size', () => {
  it('must use B, KB and MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(1_016_315)).toBe('992.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
  it('must accept numeric strings', () => {
    expect(formatSize('1536')).toBe('1.5 KB');
  });
  it('must not print NaN for garbage', () => {
    expect(formatSize('abc')).toBe('—');
  });
});

describe('download names', () => {
  it('must drop the .pdf extension', () => {
    expect(baseName('Report.PDF')).toBe('Report');
    expect(baseName('notes')).toBe('notes');
  });
});
