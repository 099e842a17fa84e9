// A local log of what guests tried (spec section 3: save_attempt, download_attempt, pro_feature_click).
export const ACTION_LOG_KEY = 'guestActions';
const MAX_ENTRIES = 100;

export type GuestAction = 'save_attempt' | 'download_attempt' | 'pro_feature_click';

export interface GuestActionEntry {
  action: GuestAction;
  timestamp: string;
  [extra: string]: string | number | boolean;
}

export function logGuestAction(storage: Storage, action: GuestAction, extra: Record<string, string | number | boolean> = {}, now = new Date()): void {
  let entries: GuestActionEntry[];
  try {
    entries = JSON.parse(storage.getItem(ACTION_LOG_KEY) ?? '[]') as GuestActionEntry[];
  } catch {
    entries = [];
  }
  entries.push({ ...extra, action, timestamp: now.toISOString() });
  storage.setItem(ACTION_LOG_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
}
