import { describe, expect, it } from 'vitest';
import { nextStreak, readStreak, recordStreakEdit, STREAK_KEY, type StreakRecord } from './streak';

const record = (currentStreak: number, lastEditDate: string, longestStreak = currentStreak): StreakRecord => ({
  currentStreak,
  longestStreak,
  lastEditDate,
  totalEdits: currentStreak,
});

describe('guest streak', () => {
  it('must start at 1 without a celebration', () => {
    expect(nextStreak(null, '2026-03-10')).toEqual({ record: record(1, '2026-03-10'), celebrate: false });
  });

  it('must keep the record on a second edit the same day', () => {
    const today = record(2, '2026-03-10');
    expect(nextStreak(today, '2026-03-10')).toEqual({ record: today, celebrate: false });
  });

  it('must celebrate the 3rd and the 7th consecutive day only', () => {
    const celebrated: number[] = [];
    let current: StreakRecord | null = null;
    for (let day = 1; day <= 8; day += 1) {
      const result = nextStreak(current, `2026-02-${String(day).padStart(2, '0')}`);
      if (result.celebrate) celebrated.push(result.record.currentStreak);
      current = result.record;
    }
    expect(celebrated).toEqual([3, 7]);
    expect(current).toEqual(record(8, '2026-02-08'));
  });

  it('must count consecutive days across a month end', () => {
    expect(nextStreak(record(2, '2026-02-28'), '2026-03-01')).toEqual({ record: record(3, '2026-03-01'), celebrate: true });
  });

  it('must reset to 1 after a gap but keep the longest streak and the total', () => {
    const { record: next, celebrate } = nextStreak(record(5, '2026-03-01', 6), '2026-03-03');
    expect(celebrate).toBe(false);
    expect(next).toEqual({ currentStreak: 1, longestStreak: 6, lastEditDate: '2026-03-03', totalEdits: 6 });
  });

  it('must store the record and ignore a corrupt one', () => {
    localStorage.setItem(STREAK_KEY, '{not json');
    expect(readStreak(localStorage)).toBeNull();
    recordStreakEdit(localStorage, new Date(2026, 2, 10, 12));
    expect(readStreak(localStorage)).toEqual(record(1, '2026-03-10'));
    localStorage.removeItem(STREAK_KEY);
  });
});
