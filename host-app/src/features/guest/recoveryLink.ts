// Recovery links (spec section 4): the server keeps a guest's file, annotations and edit count for
// 24 hours under an unguessable id and mails /recover/{id}; these are the page's messages. The short
// local record of a hidden tab's session stays in the browser.
export const LAST_SESSION_KEY = 'guestLastSession';

export const RECOVERY_MESSAGES = {
  missing: 'Recovery link expired or invalid',
  expired: 'Recovery link has expired',
  welcome: (fileName: string) => `Welcome back! Resuming your work on ${fileName}`,
  sent: (email: string) => `Recovery link sent to ${email}. Check your email to continue editing.`,
} as const;

/** The page's message for a failed look-up: 410 is an expired link, anything else an unknown one. */
export function recoveryFailureMessage(status: number): string {
  return status === 410 ? RECOVERY_MESSAGES.expired : RECOVERY_MESSAGES.missing;
}

/** The short record kept when a guest's tab is hidden with unsaved work. */
export function saveLastSession(local: Storage, data: { fileName: string; editCount: number; documentState: string }, now = Date.now()): void {
  try {
    local.setItem(LAST_SESSION_KEY, JSON.stringify({ timestamp: now, ...data }));
  } catch (error) {
    console.warn('Could not keep the guest session record', error);
  }
}
