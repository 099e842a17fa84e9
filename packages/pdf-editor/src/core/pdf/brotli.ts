// Brotli-compressed streams (/BrotliDecode, the PDF 2.0 filter pdf.js reads): the engine has no
// decoder for them, and its registry of filters is not exported, so a file whose catalog or
// cross-reference stream is Brotli-compressed could not be opened at all. The engine decodes every
// stream through PdfStream.prototype.getDecodedData, so that one method is taught the filter: the
// Brotli steps of a stream's filter chain are decoded here, the rest by the engine. The decoder
// (a pure JavaScript port of Google's, also for the browser's export worker) is loaded only for
// files that use the filter.
//
// Files saved from such a document carry Flate instead (`withoutBrotli`): most readers (qpdf,
// poppler, MuPDF, older pdf.js) cannot read Brotli, and the export must open everywhere.
import pako from 'pako';
import {
  PdfArray,
  PdfDict,
  PdfName,
  PdfNull,
  PdfRef,
  PdfStream,
  type PDF,
  type PdfObject,
} from '@libpdf/core';

const BROTLI = 'BrotliDecode';
const FLATE = 'FlateDecode';
const BROTLI_NAME = new TextEncoder().encode(`/${BROTLI}`);

/** How far the search may jump on each byte (Horspool): the pattern's length, less for its own bytes. */
const SKIP = (() => {
  const skip = new Uint8Array(256).fill(BROTLI_NAME.length);
  for (let i = 0; i < BROTLI_NAME.length - 1; i++) skip[BROTLI_NAME[i] as number] = BROTLI_NAME.length - 1 - i;
  return skip;
})();

/**
 * Whether the file names the Brotli filter anywhere (stream dictionaries are never compressed).
 * Every export of a large file runs this over all its bytes, so it jumps ahead by up to the name's
 * length at each step (Horspool's search) rather than trying every byte.
 */
export function usesBrotli(bytes: Uint8Array): boolean {
  const last = BROTLI_NAME.length - 1;
  for (let at = 0; at + last < bytes.length; at += SKIP[bytes[at + last] as number] as number) {
    let i = last;
    while (i >= 0 && bytes[at + i] === BROTLI_NAME[i]) i--;
    if (i < 0) return true;
  }
  return false;
}

function filterNames(stream: PdfStream): string[] {
  const filter = stream.get('Filter');
  if (filter instanceof PdfName) return [filter.value];
  if (!(filter instanceof PdfArray)) return [];
  return filter.toArray().map((item) => (item instanceof PdfName ? item.value : ''));
}

/** The /DecodeParms of each filter of the chain (null where there are none). */
function filterParameters(stream: PdfStream, count: number): PdfObject[] {
  const parameters = stream.get('DecodeParms');
  const list = parameters instanceof PdfArray ? parameters.toArray() : [parameters];
  return Array.from({ length: count }, (_, i) => list[i] ?? PdfNull.instance);
}

let loading: Promise<void> | undefined;

/**
 * Teaches the engine /BrotliDecode, once per process; call (and await) before loading a file for
 * which `usesBrotli` is true.
 */
export function readBrotli(): Promise<void> {
  loading ??= import('brotli/decompress').then(({ decompress }) => {
    const decodeWithEngine = PdfStream.prototype.getDecodedData;
    /** The engine's decoding of `data` through `filters` (none: `data` as it is). */
    const engineDecode = (
      source: PdfStream,
      data: Uint8Array,
      filters: string[],
      parameters: PdfObject[],
    ) => {
      if (filters.length === 0) return data;
      const stream = new PdfStream(source, data);
      stream.set('Filter', new PdfArray(filters.map((name) => PdfName.of(name))));
      stream.set('DecodeParms', new PdfArray(parameters));
      return decodeWithEngine.call(stream);
    };
    PdfStream.prototype.getDecodedData = function getDecodedData(this: PdfStream): Uint8Array {
      let filters = filterNames(this);
      if (!filters.includes(BROTLI)) return decodeWithEngine.call(this);
      let parameters = filterParameters(this, filters.length);
      let data = this.data;
      for (let at = filters.indexOf(BROTLI); at >= 0; at = filters.indexOf(BROTLI)) {
        data = engineDecode(this, data, filters.slice(0, at), parameters.slice(0, at));
        // Brotli takes Flate's parameters (a PNG or TIFF predictor): handed to the engine as an
        // uncompressed ("stored") Flate stream, the predictor is the engine's to undo.
        data = pako.deflate(decompress(data), { level: 0 });
        filters = [FLATE, ...filters.slice(at + 1)];
        parameters = parameters.slice(at);
      }
      return engineDecode(this, data, filters, parameters);
    };
  });
  return loading;
}

/**
 * Replaces every Brotli-compressed stream the document reaches by its decoded data, which the
 * engine compresses with Flate when it saves (the document must then be saved whole: an
 * incremental update would keep the original Brotli objects). Returns how many were replaced.
 */
export function withoutBrotli(pdf: PDF): number {
  let replaced = 0;
  const seen = new Set<string>();
  const pending: PdfObject[] = [pdf.getCatalog()];
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PdfRef) {
      const key = object.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      const resolved = pdf.getObject(object);
      if (resolved) pending.push(resolved);
    } else if (object instanceof PdfDict) {
      if (object instanceof PdfStream && filterNames(object).includes(BROTLI)) {
        object.setData(object.getDecodedData());
        replaced++;
      }
      for (const [, value] of object) pending.push(value);
    } else if (object instanceof PdfArray) {
      pending.push(...object.toArray());
    }
  }
  return replaced;
}
