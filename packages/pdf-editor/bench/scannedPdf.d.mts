/**
 * A scan of `pages` (from 1) of the PDF at `path`: rendered at `dpi` in grey, turned by `skew`
 * degrees, JPEG-compressed (or 1-bit Flate with `bilevel`), one image per page; with `rotate` the
 * image is stored turned back and the page carries `/Rotate rotate`, so it shows upright.
 */
export function scannedPdf(path: string, options: { pages: readonly number[]; dpi: number; skew?: number; bilevel?: boolean; rotate?: number }): Uint8Array;
