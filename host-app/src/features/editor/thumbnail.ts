// Renders page 1 of a PDF to a PNG and stores it as the document's thumbnail, so lists can show it.
import { documentsApi } from '../../api/documents';
import { pdfjsReady } from './pdfjsWorker';

const THUMBNAIL_HEIGHT = 256;

export async function renderFirstPage(bytes: Uint8Array): Promise<Blob> {
  const { getDocument } = await pdfjsReady;
  const task = getDocument({ data: bytes.slice() });
  const pdf = await task.promise;
  try {
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_HEIGHT / base.height });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas export failed'))), 'image/png'),
    );
  } finally {
    await task.destroy();
  }
}

export async function storeThumbnail(documentId: string, bytes: Uint8Array): Promise<void> {
  try {
    await documentsApi.uploadThumbnail(documentId, await renderFirstPage(bytes));
  } catch (error) {
    // A missing preview is cosmetic; the list falls back to an icon.
    console.warn('Thumbnail could not be stored', error);
  }
}
