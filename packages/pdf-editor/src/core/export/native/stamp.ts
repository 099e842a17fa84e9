// Images and signatures as /Stamp annotations whose appearance draws the embedded image upright in
// the box the user placed it in, whatever the page's rotation.
import type { ImageAnnotation, Rect, SignatureAnnotation } from '../../model/types';
import type { NativeWriter } from './nativeTypes';
import { num } from './pdfValues';

export const writeStamp: NativeWriter<ImageAnnotation | SignatureAnnotation> = async (annotation, env) => {
  if (annotation.imageData.trim() === '') {
    env.context.warn(`The ${annotation.type} annotation ${annotation.id} has no image data and was skipped.`);
    return undefined;
  }
  const image = await env.context.embedImage(annotation.imageData);
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  const { appearance } = env;
  appearance.setOpacity(annotation.opacity);
  const name = appearance.xObjectName(image.ref);
  // The image's unit square, its bottom edge at the box's displayed bottom, y flipped upwards.
  appearance.push('q', `${num(box.width)} 0 0 ${num(-box.height)} ${num(box.x)} ${num(box.y + box.height)} cm`, `/${name} Do`, 'Q');
  return {
    subtype: 'Stamp',
    displayRect: box,
    entries: {},
    contents: annotation.type === 'signature' ? 'Signature' : 'Image',
    color: annotation.color,
    borderWidth: 0,
  };
};
