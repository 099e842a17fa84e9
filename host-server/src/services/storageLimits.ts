// The storage figures a server starts with unless configured otherwise. Apart from storage.ts so the
// configuration can read them without importing a service typed by the ServerContext, which is
// typed by the configuration (an import cycle).
import type { Plan } from '../models';

const GB = 1024 * 1024 * 1024;

/** Spec section 6: Personal 10 GB, Team 100 GB; the spec gives no figure for Free, so 1 GB. */
export const DEFAULT_STORAGE_LIMITS: Record<Plan, number> = { free: GB, personal: 10 * GB, team: 100 * GB };
/** Room for all guests' recovery drafts together (each at most 10 MB, kept 24 hours). */
export const DEFAULT_GUEST_DRAFTS_BYTES = 5 * GB;
