// Images and signatures, stretched to their box. Blank image data is skipped with a warning; data
// that cannot be embedded fails the export (flattenAnnotations names the annotation).
import type { ImageAnnotation, SignatureAnnotation } from '../../model/types';
import type { ExportContext } from '../context';
import type { Canvas } from './frame';

export async function drawImage(
  canvas: Canvas,
  annotation: ImageAnnotation | SignatureAnnotation,
  context: ExportContext,
): Promise<void> {
  if (annotation.imageData.trim() === '') {
    context.warn(`The ${annotation.type} annotation ${annotation.id} has no image data and was skipped.`);
    return;
  }
  const image = await context.embedImage(annotation.imageData);
  const { x, y } = annotation.position;
  canvas.setOpacity(annotation.opacity);
  // The image's unit square onto the box, flipped so the picture's top is the box's top.
  canvas.content
    .transform(annotation.width, 0, 0, -annotation.height, x, y + annotation.height)
    .drawXObject(canvas.resources.image(image));
}
