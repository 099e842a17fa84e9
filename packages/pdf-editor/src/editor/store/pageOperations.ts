// Page operations of the sidebar as undoable steps: the core rewrites the PDF and remaps the
// annotations so they follow their pages; both land in the history as one step. The result is the
// next revision of the PDF, which keeps only what the operation appended when it appends (rotate,
// reorder, insert), so fifty steps keep about one copy of the file, not fifty.
import type { Annotation, PageOperation, PageRange } from '../../core/index';
import type { EditorStore } from './createEditorStore';

// The PDF engine is loaded on the first page operation, not with the editor: viewing needs only pdf.js.
const core = async () => {
  const [{ applyPageOperation }, { getPageSizes }, { remapAnnotations }] = await Promise.all([
    import('../../core/pages/applyPageOperation'),
    import('../../core/pages/pageOperations'),
    import('../../core/pages/remapAnnotations'),
  ]);
  return { applyPageOperation, getPageSizes, remapAnnotations };
};

/** The core's options for the editor's document: the password the user typed to open it, if any. */
function withPassword(store: EditorStore): { password?: string } {
  const password = store.getState().pdfPassword;
  return password === null ? {} : { password };
}

type Editing = Exclude<PageOperation, { type: 'split' } | { type: 'extract' } | { type: 'merge' }>;

const LABELS: Record<Editing['type'], string> = {
  rotate: 'Rotate page',
  delete: 'Delete page',
  reorder: 'Reorder pages',
  insert: 'Insert pages',
};

/** Applies a page operation to the editor's document as one undo step. */
export async function runPageOperation(store: EditorStore, operation: Editing): Promise<void> {
  const { pdf } = store.history.state;
  if (!pdf) return;
  const { applyPageOperation, getPageSizes, remapAnnotations } = await core();
  const options = withPassword(store);
  const sizes = await getPageSizes(pdf.bytes(), options);
  const bytes = await applyPageOperation(pdf.bytes(), operation, options);
  // Another page operation finished first: this one was computed on a stale PDF.
  if (store.history.state.pdf !== pdf) throw new Error('The document changed during the page operation.');
  const next = pdf.next(bytes);
  store.history.apply((doc) => ({ ...doc, pdf: next, annotations: remapAnnotations(doc.annotations, operation, sizes) }), LABELS[operation.type]);
  const { currentPage, actions } = store.getState();
  if (operation.type === 'delete') actions.goToPage(Math.min(currentPage, sizes.length - operation.pages.length));
}

/** Inserts every page of `document` before page `at`. */
export async function insertPdf(store: EditorStore, document: Uint8Array, at: number): Promise<void> {
  const { getPageSizes } = await core();
  const count = (await getPageSizes(document)).length;
  await runPageOperation(store, { type: 'insert', at, count, document });
}

/** A new PDF holding `range`, with the annotations of those pages. */
export async function extractRange(store: EditorStore, range: PageRange): Promise<{ bytes: Uint8Array; annotations: Annotation[] }> {
  const { pdf, annotations } = store.history.state;
  if (!pdf) throw new Error('No PDF loaded');
  const { applyPageOperation, remapAnnotations } = await core();
  const operation = { type: 'extract', range } as const;
  return { bytes: await applyPageOperation(pdf.bytes(), operation, withPassword(store)), annotations: remapAnnotations(annotations, operation) };
}

/** "2-4" or "3" as a page range; null when it is not one. */
export function parseRange(text: string, pageCount: number): PageRange | null {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  return from >= 1 && to >= from && to <= pageCount ? { from, to } : null;
}
