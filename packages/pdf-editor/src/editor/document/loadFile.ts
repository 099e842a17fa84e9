// The `file` prop as bytes: the editor needs them for export and page operations anyway.
/** A PDF as bytes, a Blob or File, or a URL. */
export type PdfFile = Uint8Array | ArrayBuffer | Blob | string | URL;

export async function readPdfFile(file: PdfFile, signal?: AbortSignal): Promise<Uint8Array> {
  if (file instanceof Uint8Array) return file;
  if (file instanceof ArrayBuffer) return new Uint8Array(file);
  if (typeof Blob !== 'undefined' && file instanceof Blob) return new Uint8Array(await file.arrayBuffer());
  const response = await fetch(String(file), { signal });
  if (!response.ok) throw new Error(`Failed to load PDF file (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}
