// Runs Merge: the documents as arranged (see mergePlan.ts) through the SDK core's page operations,
// with the annotations of each document following their pages.
import {
  deletePages,
  mergeAnnotations,
  mergePdfs,
  remapAnnotations,
  reorderPages,
  type Annotation,
} from '@marginalia/pdf-editor/core';
import { mergeSteps, type ArrangedDocument } from './mergePlan';

/** A document in Merge and the pages it keeps, in the chosen order. */
export interface MergeItem {
  file: { bytes: Uint8Array; pageCount: number; annotations: Annotation[] };
  pages: number[];
}

export function arranged(items: readonly MergeItem[]): ArrangedDocument[] {
  return items.map(({ file, pages }) => ({ pageCount: file.pageCount, pages }));
}

export async function runMerge(
  items: readonly MergeItem[],
): Promise<{ bytes: Uint8Array; annotations: Annotation[] }> {
  const steps = mergeSteps(arranged(items));
  const sources = steps.sources.map((index) => items[index]!.file);
  let bytes = await mergePdfs(sources.map((file) => file.bytes));
  let annotations = mergeAnnotations(
    sources.map((file) => file.annotations),
    sources.map((file) => file.pageCount),
  );
  if (steps.deleted.length > 0) {
    bytes = await deletePages(bytes, steps.deleted);
    annotations = remapAnnotations(annotations, { type: 'delete', pages: steps.deleted });
  }
  if (steps.order) {
    bytes = await reorderPages(bytes, steps.order);
    annotations = remapAnnotations(annotations, { type: 'reorder', order: steps.order });
  }
  return { bytes, annotations };
}
