// Guest editing streaks (spec section 4): consecutive days extend the streak; 3 and 7 days are celebrated.
import { localDay } from './editCounter';

export const STREAK_KEY = 'guestStreak';
export const STREAK_MILESTONES = [3, 7] as const;
export const CELEBRATION_MS = 5000;

export interface StreakRecord {
  currentStreak: number;
  longestStreak: number;
  lastEditDate: string;
  totalEdits: number;
}

export function readStreak(storage: Storage): StreakRecord | null {
  try {
    const parsed = JSON.parse(storage.getItem(STREAK_KEY) ?? 'null') as StreakRecord | null;
    return parsed && typeof parsed.currentStreak === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(year, month - 1, date - 1));
}

/** The streak after an edit on `today`, and whether a milestone was just reached. */
export function nextStreak(previous: StreakRecord | null, today: string): { record: StreakRecord; celebrate: boolean } {
  if (!previous) {
    return { record: { currentStreak: 1, longestStreak: 1, lastEditDate: today, totalEdits: 1 }, celebrate: false };
  }
  if (previous.lastEditDate === today) return { record: previous, celebrate: false };
  if (previous.lastEditDate === dayBefore(today)) {
    const currentStreak = previous.currentStreak + 1;
    const record = {
      currentStreak,
      longestStreak: Math.max(previous.longestStreak, currentStreak),
      lastEditDate: today,
      totalEdits: previous.totalEdits + 1,
    };
    return { record, celebrate: (STREAK_MILESTONES as readonly number[]).includes(currentStreak) };
  }
  return {
    record: { ...previous, currentStreak: 1, lastEditDate: today, totalEdits: previous.totalEdits + 1 },
    celebrate: false,
  };
}

export function recordStreakEdit(storage: Storage, now = new Date()): { record: StreakRecord; celebrate: boolean } {
  const result = nextStreak(readStreak(storage), localDay(now));
  storage.setItem(STREAK_KEY, JSON.stringify(result.record));
  return result;
}
