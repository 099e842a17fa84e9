// The host's side of an editor download (the editor's onDownload and onError): the file saved under
// the editor's name for it with the spec's toast, and the spec's message when it fails.
import { downloadFile, type EditorErrorSource } from '@marginalia/pdf-editor';
import toast from 'react-hot-toast';
import { DOWNLOAD_FAILED, DOWNLOADED } from './naming';

/** Saves an exported PDF as `fileName` ({name}_edited.pdf, or _edited_watermark.pdf) and confirms it. */
export function saveDownload(bytes: Uint8Array, fileName: string): void {
  downloadFile(bytes, fileName);
  toast.success(DOWNLOADED);
}

/** Tells the user a download failed; other editor errors are the caller's. True when it was a download. */
export function reportDownloadFailure(error: Error, during: EditorErrorSource): boolean {
  if (during !== 'download') return false;
  console.error('Download failed', error);
  toast.error(DOWNLOAD_FAILED);
  return true;
}
