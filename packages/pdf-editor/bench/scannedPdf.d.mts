/** A scan of `pages` (from 1) of the PDF at `path`: rendered at `dpi` in grey, turned by `skew` degrees, JPEG-compressed, one image per page. */
export function scannedPdf(path: string, options: { pages: readonly number[]; dpi: number; skew?: number }): Uint8Array;
