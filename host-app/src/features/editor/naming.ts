// Download names and messages of the editor (spec sections 4 and 8).
import { baseName } from '../../lib/format';

export const DOWNLOADED = 'PDF downloaded successfully!';
export const DOWNLOAD_FAILED = 'Failed to download PDF';

export function downloadName(fileName: string, watermark: boolean): string {
  return `${baseName(fileName)}_edited${watermark ? '_watermark' : ''}.pdf`;
}
