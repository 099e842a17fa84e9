// Whether the import's own object parser (core/pdf/objectPreload.ts) reads a file's annotation
// dictionaries exactly as the engine does: used by its tests and, for every file, by the corpus
// check (corpusWorker.mjs), which runs each file in a process of its own.
import { PdfArray, PdfDict, PdfRef, type PdfObject } from '../core/pdf/engine';
import { preloadObjects } from '../core/pdf/objectPreload';
import { openPdf } from '../core/pdf/openPdf';

/** An engine object as plain data (types, values, bytes, in order), to compare two readings. */
export function objectShape(object: PdfObject | null | undefined): unknown {
  if (object === null || object === undefined) return object;
  switch (object.type) {
    case 'dict':
      return { dict: [...(object as PdfDict)].map(([key, value]) => [key.value, objectShape(value)]) };
    case 'array':
      return { array: (object as PdfArray).toArray().map(objectShape) };
    case 'number':
      return { number: Object.is(object.value, -0) ? '-0' : object.value };
    case 'string':
      return { string: [...object.bytes], format: object.format };
    case 'name':
      return { name: object.value };
    case 'ref':
      return { ref: `${object.objectNumber} ${object.generation}` };
    case 'bool':
      return { bool: object.value };
    case 'null':
      return 'null';
    default:
      return { other: object.type };
  }
}

export interface PreloadAgreement {
  /** Annotations the pages' /Annots list by reference. */
  annotations: number;
  /** Those our parser read. */
  preloaded: number;
  /** `n g` of each our parser read otherwise than the engine. */
  differences: string[];
}

/** Opens `bytes` twice, preloads every annotation into one and compares each with the other's engine reading. */
export async function preloadAgreement(bytes: Uint8Array, password?: string): Promise<PreloadAgreement> {
  const options = password === undefined ? {} : { password };
  const engine = (await openPdf(bytes, options)).pdf;
  const refs: PdfRef[] = [];
  for (let index = 0; index < engine.getPageCount(); index++) {
    let annots: PdfObject | null | undefined = engine.getPage(index)?.dict.get('Annots');
    if (annots instanceof PdfRef) annots = engine.getObject(annots);
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots.toArray()) if (item instanceof PdfRef) refs.push(item);
  }
  const { pdf, loadedFrom } = await openPdf(bytes, options);
  if (loadedFrom) preloadObjects(pdf, loadedFrom, refs);
  let preloaded = 0;
  const differences: string[] = [];
  for (const ref of refs) {
    if (pdf.context.registry.getObject(ref) === null) continue;
    preloaded++;
    if (
      JSON.stringify(objectShape(pdf.getObject(ref))) !== JSON.stringify(objectShape(engine.getObject(ref)))
    ) {
      differences.push(`${ref.objectNumber} ${ref.generation}`);
    }
  }
  return { annotations: refs.length, preloaded, differences };
}
