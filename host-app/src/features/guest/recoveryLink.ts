// Recovery links (spec section 4): a local record under a recovery id, valid for 24 hours.
export const RECOVERY_LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;
export const LAST_SESSION_KEY = 'guestLastSession';

export const RECOVERY_MESSAGES = {
  missing: 'Recovery link expired or invalid',
  expired: 'Recovery link has expired',
  welcome: (fileName: string) => `Welcome back! Resuming your work on ${fileName}`,
  sent: (email: string) => `Recovery link sent to ${email}. Check your email to continue editing.`,
} as const;

export interface RecoveryLinkRecord {
  timestamp: number;
  fileName: string;
  editCount: number;
  /** Minutes. */
  timeSpent: number;
  /** JSON string holding fileName and fileData. */
  documentState: string;
}

export function recoveryKey(id: string): string {
  return `recovery_${id}`;
}

export function newRecoveryId(): string {
  const random = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function saveRecoveryLink(
  local: Storage,
  data: { fileName: string; fileData: string; editCount: number; timeSpent: number },
  id = newRecoveryId(),
  now = Date.now(),
): string {
  const record: RecoveryLinkRecord = {
    timestamp: now,
    fileName: data.fileName,
    editCount: data.editCount,
    timeSpent: data.timeSpent,
    documentState: JSON.stringify({ fileName: data.fileName, fileData: data.fileData }),
  };
  local.setItem(recoveryKey(id), JSON.stringify(record));
  return id;
}

/** The short record kept when a guest's tab is hidden with unsaved work. */
export function saveLastSession(local: Storage, data: { fileName: string; editCount: number; documentState: string }, now = Date.now()): void {
  try {
    local.setItem(LAST_SESSION_KEY, JSON.stringify({ timestamp: now, ...data }));
  } catch (error) {
    console.warn('Could not keep the guest session record', error);
  }
}

export type RecoveryLinkOutcome =
  | { kind: 'valid'; fileName: string; fileData: string }
  | { kind: 'missing' }
  | { kind: 'expired' };

/** Reads and consumes the record behind a recovery link. */
export function redeemRecoveryLink(local: Storage, id: string, now = Date.now()): RecoveryLinkOutcome {
  const key = recoveryKey(id);
  let record: RecoveryLinkRecord | null;
  try {
    record = JSON.parse(local.getItem(key) ?? 'null') as RecoveryLinkRecord | null;
  } catch {
    record = null;
  }
  if (!record) return { kind: 'missing' };
  if (now - record.timestamp > RECOVERY_LINK_VALIDITY_MS) {
    local.removeItem(key);
    return { kind: 'expired' };
  }
  let state: { fileName?: string; fileData?: string };
  try {
    state = JSON.parse(record.documentState) as typeof state;
  } catch {
    state = {};
  }
  local.removeItem(key);
  if (!state.fileData) return { kind: 'missing' };
  return { kind: 'valid', fileName: state.fileName ?? record.fileName, fileData: state.fileData };
}
