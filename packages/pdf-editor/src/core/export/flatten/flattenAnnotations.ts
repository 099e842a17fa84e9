// Flatten mode: draws each annotation into its page's content with the drawer for its type.
import { annotationWriteError } from '../../errors';
import type { Annotation, AnnotationOfType, AnnotationType } from '../../model/types';
import type { ExportContext } from '../context';
import { drawComment } from './drawComment';
import { drawFreehand } from './drawFreehand';
import { drawImage } from './drawImage';
import { drawHighlight, drawStrikethrough, drawUnderline } from './drawMarkup';
import { drawArrow, drawCircle, drawRectangle, drawWhiteout } from './drawShapes';
import { drawText } from './drawText';
import type { Canvas, PageCanvases } from './frame';

type Drawer<T extends Annotation> = (canvas: Canvas, annotation: T, context: ExportContext) => Promise<void> | void;

const DRAWERS: { [K in AnnotationType]: Drawer<AnnotationOfType<K>> } = {
  text: drawText,
  highlight: drawHighlight,
  strikethrough: drawStrikethrough,
  underline: drawUnderline,
  rectangle: drawRectangle,
  circle: drawCircle,
  arrow: drawArrow,
  freehand: drawFreehand,
  image: drawImage,
  signature: drawImage,
  whiteout: drawWhiteout,
  comment: drawComment,
};

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
    const drawer = DRAWERS[annotation.type] as Drawer<Annotation> | undefined;
    if (!drawer) {
      context.warn(`Unknown annotation type "${String(annotation.type)}" (${annotation.id}) was skipped.`);
      continue;
    }
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
