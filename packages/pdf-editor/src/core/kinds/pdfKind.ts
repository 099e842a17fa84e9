// The PDF half of a kind: how it is drawn into page content (flatten export), written as a native
// annotation with its appearance (native export), and which native subtypes read back into it
// (import). Apart from kind.ts because it pulls in the PDF engine, which the viewer leaves out;
// PDF_KINDS (pdfRegistry.ts) holds one per type, so the compiler names a kind without one.
import type { ExportContext } from '../export/context';
import type { Canvas } from '../export/flatten/frame';
import type { NativeParts, WriterEnv } from '../export/native/nativeTypes';
import type { AnnotationReader } from '../import/readerTypes';
import type { BaseAnnotation } from '../model/base';

/** The PDF half of the kind whose annotations are `A`, as in `AnnotationKind`. */
export interface PdfKind<A extends BaseAnnotation> {
  /**
   * Flatten mode: the annotation drawn into the page, inside its own q ... Q; native mode: its
   * appearance stream. Only text and images wait for anything.
   */
  draw(canvas: Canvas, annotation: A, context: ExportContext): Promise<void> | void;
  /** Native mode: the annotation's subtype, /Rect and entries; undefined skips it. Only text waits for anything. */
  write(annotation: A, env: WriterEnv): Promise<NativeParts | undefined> | NativeParts | undefined;
  /**
   * Native subtypes this kind reads back, by /Subtype name; a reader may return another kind
   * (a borderless white /Square is a whiteout). Each subtype belongs to one kind only.
   */
  reads: Readonly<Record<string, AnnotationReader>>;
}
