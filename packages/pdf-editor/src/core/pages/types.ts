// Page operations described as data, so a host can log, replay or queue them, and so annotations
// can be remapped from the same description that rewrote the PDF. Pages are 1-based throughout.
import type { PdfSource } from '../pdf/source';

/** A run of pages, both ends included. */
export interface PageRange {
  from: number;
  to: number;
}

/** A page's size as displayed (its /Rotate applied), in points. */
export interface PageSize {
  width: number;
  height: number;
}

/** Quarter turns clockwise, added to each page's current /Rotate. */
export type RotationDelta = 90 | 180 | 270 | -90;

/** A page operation as data, for `applyPageOperation` (the PDF) and `remapAnnotations` (its annotations). */
export type PageOperation =
  /** Appends the pages of `documents` after this document's pages. */
  | { type: 'merge'; documents: readonly PdfSource[] }
  /** One new document per range. */
  | { type: 'split'; ranges: readonly PageRange[] }
  /** A new document holding only the range. */
  | { type: 'extract'; range: PageRange }
  | { type: 'rotate'; pages: readonly number[]; degrees: RotationDelta }
  | { type: 'delete'; pages: readonly number[] }
  /** `order[i]` is the old number of the page that becomes page i + 1: a permutation of 1..n. */
  | { type: 'reorder'; order: readonly number[] }
  /**
   * Inserts `count` pages before page `at` (pageCount + 1 appends): the pages of `document`, which
   * must have exactly `count` pages, or blank pages of `size` (default: the size of the page
   * before them, or of the first page when inserting at the start).
   */
  | { type: 'insert'; at: number; count: number; document?: PdfSource; size?: PageSize };

/** The `type` of a page operation. */
export type PageOperationType = PageOperation['type'];
/** The page operation of one `type`. */
export type PageOperationOf<K extends PageOperationType> = Extract<PageOperation, { type: K }>;
