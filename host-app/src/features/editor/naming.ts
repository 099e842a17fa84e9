// Download names and messages of the editor (spec sections 4 and 8).
import { baseName } from '../../lib/format';

export const DOWNLOADED = 'PDF downloaded successfully!';
export const DOWNLOAD_FAILED = 'Failed to download PDF';
/** One toast follows a file from choosing it to its opening (loading, then loaded or failed). */
export const FILE_OPEN_TOAST = 'file-open';
export const UNREADABLE_PDF = 'This file is not a readable PDF';

export function downloadName(fileName: string, watermark: boolean): string {
  return `${baseName(fileName)}_edited${watermark ? '_watermark' : ''}.pdf`;
}
