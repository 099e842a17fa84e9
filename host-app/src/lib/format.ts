// Display formats for the dashboard and documents list (spec section 9).
const HOUR = 60 * 60 * 1000;

export function formatRelativeTime(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < 24 * HOUR) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (elapsed < 48 * HOUR) return 'Yesterday';
  return `${Math.floor(elapsed / (24 * HOUR))} days ago`;
}

export function formatSize(size: number | string): string {
  const bytes = typeof size === 'string' ? Number(size) : size;
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Storage amounts: GB from 1 GB up, whole or to one decimal ("1 GB", "2.5 GB"), else as `formatSize`. */
export function formatCapacity(bytes: number): string {
  const gigabytes = bytes / (1024 * 1024 * 1024);
  if (gigabytes >= 1) return `${Number(gigabytes.toFixed(1))} GB`;
  return formatSize(bytes);
}

/** `report.pdf` → `report`, for download names such as `{name}_edited.pdf`. */
export function baseName(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '') || 'document';
}
