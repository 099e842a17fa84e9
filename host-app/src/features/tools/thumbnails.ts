// Page thumbnails of a PDF, rendered with pdf.js as the editor does, one after the other so a long
// document shows its first pages at once.
import { pdfjsReady } from '../editor/pdfjsWorker';

export const THUMBNAIL_HEIGHT = 160;

/**
 * Calls `onPage(pageNumber, dataUrl)` for every page in order; stops early once `signal` aborts.
 * The rotation shown is the page's own (/Rotate), so a rotated file's thumbnails turn with it.
 */
export async function renderThumbnails(
  bytes: Uint8Array,
  onPage: (page: number, url: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const { getDocument } = await pdfjsReady;
  const task = getDocument({ data: bytes.slice() });
  try {
    const pdf = await task.promise;
    for (let number = 1; number <= pdf.numPages && !signal.aborted; number++) {
      const page = await pdf.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: THUMBNAIL_HEIGHT / Math.max(base.height, base.width) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      if (!signal.aborted) onPage(number, canvas.toDataURL('image/png'));
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
}
