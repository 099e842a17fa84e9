// Which browser tab this is, for drafts kept per tab: two tabs editing one document each keep their
// own draft, so saving or resolving a conflict in one never shows, overwrites or deletes the other's.
// A tab holds a Web Lock named after its id while it lives; a draft whose tab holds no lock was left
// by a tab that closed or crashed, and the next tab to open the document is offered it.
const TAB_ID_KEY = 'marginalia-tab-id';
const LOCK_PREFIX = 'marginalia-tab:';

let claimed: Promise<string> | undefined;

/** Holds the lock of `id` for as long as the page lives; false when another tab holds it already. */
function holdLock(locks: LockManager, id: string): Promise<boolean> {
  return new Promise((resolve) => {
    void locks.request(`${LOCK_PREFIX}${id}`, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      // Never settles: the lock is released only when the page goes away.
      return lock ? new Promise<never>(() => undefined) : undefined;
    });
  });
}

/**
 * This tab's id: kept in session storage (so a reload is the same tab) and locked. A duplicated tab
 * copies session storage, finds the id locked by its original and takes a new one.
 */
export function claimTabId(): Promise<string> {
  claimed ??= (async () => {
    let id = sessionStorage.getItem(TAB_ID_KEY) ?? crypto.randomUUID();
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks && !(await holdLock(locks, id))) {
      id = crypto.randomUUID();
      await holdLock(locks, id);
    }
    sessionStorage.setItem(TAB_ID_KEY, id);
    return id;
  })();
  return claimed;
}

/** The ids of the tabs open now, or null where Web Locks are unavailable (then no tab is known open). */
export async function openTabIds(): Promise<Set<string> | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((lock) => (lock.name?.startsWith(LOCK_PREFIX) ? [lock.name.slice(LOCK_PREFIX.length)] : [])));
}
