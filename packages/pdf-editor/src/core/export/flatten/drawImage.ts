// Images and signatures, stretched to their box. Data that cannot be embedded was already
// reported by the context ("Failed to embed image"); the annotation is then skipped.
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
  if (!image) return;
  canvas.page.drawImage(image, {
    x: annotation.position.x,
    y: canvas.y(annotation.position.y + annotation.height),
    width: annotation.width,
    height: annotation.height,
    opacity: annotation.opacity,
  });
}
