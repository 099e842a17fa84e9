// Flatten mode: draws each annotation into its page's content with its kind's drawer.
import { annotationWriteError } from '../../errors';
import { pdfKindOf } from '../../kinds/pdfRegistry';
import type { Annotation } from '../../model/types';
import type { ExportContext } from '../context';
import type { PageCanvases } from './frame';

/**
 * Draws `annotations` (all on existing pages) in order, so later ones paint over earlier ones.
 * Each is drawn inside its own q ... Q, so no colour, width or opacity carries over to the next.
 */
export async function flattenAnnotations(
  canvases: PageCanvases,
  annotations: readonly Annotation[],
  context: ExportContext,
): Promise<void> {
  for (const annotation of annotations) {
    const drawer = pdfKindOf(annotation.type).draw;
    const canvas = canvases.canvas(annotation.page - 1);
    canvas.content.save();
    try {
      // Only text and images wait for anything; awaiting every drawer would queue a thousand
      // microtasks for nothing.
      const drawing = drawer(canvas, annotation, context);
      if (drawing) await drawing;
    } catch (error) {
      throw annotationWriteError(annotation, error);
    } finally {
      canvas.content.restore();
    }
  }
}
