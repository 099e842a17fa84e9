// Guests get 3 free edits per calendar day (spec sections 6 and 9); opening a document in the editor uses one.
export const GUEST_DAILY_EDITS = 3;
export const EDIT_COUNTER_KEY = 'guestDailyEdits';
export const DAILY_LIMIT_MESSAGE = 'Daily limit reached. Sign up to continue editing.';

interface CounterRecord {
  date: string;
  count: number;
}

export function localDay(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

function read(storage: Storage, today: string): CounterRecord {
  try {
    const parsed = JSON.parse(storage.getItem(EDIT_COUNTER_KEY) ?? 'null') as Partial<CounterRecord> | null;
    if (parsed && parsed.date === today && typeof parsed.count === 'number') return { date: today, count: parsed.count };
  } catch {
    // A corrupt counter counts as a fresh day.
  }
  return { date: today, count: 0 };
}

export function remainingGuestEdits(storage: Storage, now = new Date()): number {
  return Math.max(0, GUEST_DAILY_EDITS - read(storage, localDay(now)).count);
}

export type EditCheck = { allowed: true; remaining: number } | { allowed: false; remaining: 0 };

/** Uses one of today's free edits if any is left. */
export function consumeGuestEdit(storage: Storage, now = new Date()): EditCheck {
  const today = localDay(now);
  const record = read(storage, today);
  if (record.count >= GUEST_DAILY_EDITS) return { allowed: false, remaining: 0 };
  const next = { date: today, count: record.count + 1 };
  storage.setItem(EDIT_COUNTER_KEY, JSON.stringify(next));
  return { allowed: true, remaining: GUEST_DAILY_EDITS - next.count };
}

export function loadedMessage(fileName: string, remaining: number): string {
  return `Loaded ${fileName}. ${remaining} free edits remaining today.`;
}
