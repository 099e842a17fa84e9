// Guests get 3 free edits per calendar day (spec sections 6 and 9); opening a document in the editor uses one.
export const GUEST_DAILY_EDITS = 3;
export const EDIT_COUNTER_KEY = 'guestDailyEdits';
export const DAILY_LIMIT_MESSAGE = 'Daily limit reached. Sign up to continue editing.';

export function localDay(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Today's count, and the files (by fingerprint) that count was spent on. */
interface CounterRecord {
  date: string;
  count: number;
  files: string[];
}

function read(storage: Storage, today: string): CounterRecord {
  try {
    const parsed = JSON.parse(storage.getItem(EDIT_COUNTER_KEY) ?? 'null') as Partial<CounterRecord> | null;
    if (parsed && parsed.date === today && typeof parsed.count === 'number') {
      const files = Array.isArray(parsed.files) ? parsed.files.filter((file): file is string => typeof file === 'string') : [];
      return { date: today, count: parsed.count, files };
    }
  } catch {
    // A corrupt counter counts as a fresh day.
  }
  return { date: today, count: 0, files: [] };
}

export function remainingGuestEdits(storage: Storage, now = new Date()): number {
  return Math.max(0, GUEST_DAILY_EDITS - read(storage, localDay(now)).count);
}

export type EditCheck = { allowed: true; remaining: number } | { allowed: false; remaining: 0 };

/**
 * Whether the guest may open the file `fileKey` (its fingerprint) today, without spending anything:
 * a file already opened today is always allowed again.
 */
export function checkGuestEdit(storage: Storage, fileKey: string, now = new Date()): EditCheck {
  const record = read(storage, localDay(now));
  const remaining = Math.max(0, GUEST_DAILY_EDITS - record.count);
  if (record.files.includes(fileKey)) return { allowed: true, remaining };
  return remaining > 0 ? { allowed: true, remaining } : { allowed: false, remaining: 0 };
}

/**
 * Spends one of today's free edits on `fileKey`, once the file has opened. Reopening or reloading
 * the same file the same day spends nothing more.
 */
export function consumeGuestEdit(storage: Storage, fileKey: string, now = new Date()): EditCheck {
  const today = localDay(now);
  const record = read(storage, today);
  if (record.files.includes(fileKey)) return { allowed: true, remaining: Math.max(0, GUEST_DAILY_EDITS - record.count) };
  if (record.count >= GUEST_DAILY_EDITS) return { allowed: false, remaining: 0 };
  const next: CounterRecord = { date: today, count: record.count + 1, files: [...record.files, fileKey] };
  storage.setItem(EDIT_COUNTER_KEY, JSON.stringify(next));
  return { allowed: true, remaining: GUEST_DAILY_EDITS - next.count };
}

/** A SHA-256 of the file's bytes, hex: the same file opened twice has the same key. */
export async function fileFingerprint(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes.slice().buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function loadedMessage(fileName: string, remaining: number): string {
  return `Loaded ${fileName}. ${remaining} free ${remaining === 1 ? 'edit' : 'edits'} remaining today.`;
}
