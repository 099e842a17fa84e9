// The dashboard's storage card: what the account's files take against its plan's limit, both as
// the server reports them (GET /api/auth/me), so the figures are the ones the server enforces.
import type { User } from '@marginalia/api';
import { formatCapacity } from '../../lib/format';

export const STORAGE_FULL_NOTE = 'Storage limit reached. Delete documents or old versions to free space, or upgrade your plan.';

/** "12.3 MB of 1 GB used", and whether nothing more fits. */
export function storageSummary(user: Pick<User, 'storageUsed' | 'storageLimit'>): { text: string; full: boolean } {
  return {
    text: `${formatCapacity(user.storageUsed)} of ${formatCapacity(user.storageLimit)} used`,
    full: user.storageUsed >= user.storageLimit,
  };
}
