// Images and signatures as /Stamp annotations whose appearance draws the embedded image upright in
// the box the user placed it in, whatever the page's rotation.
import type { ImageAnnotation, Rect, SignatureAnnotation } from '../../model/types';
import type { NativeWriter } from './nativeTypes';

/** The writer of the kind whose stamps say `contents` (what a viewer lists the annotation as). */
export const writeStamp = (contents: string): NativeWriter<ImageAnnotation | SignatureAnnotation> => (annotation, env) => {
  if (annotation.imageData.trim() === '') {
    env.context.warn(`The ${annotation.type} annotation ${annotation.id} has no image data and was skipped.`);
    return undefined;
  }
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  return {
    subtype: 'Stamp',
    displayRect: box,
    entries: {},
    contents,
    color: annotation.color,
    borderWidth: 0,
  };
};
