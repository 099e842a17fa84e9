// The PDF half images and signatures share: the picture stretched to its box; written as a /Stamp
// whose appearance draws the embedded image upright in the box the user placed it in, whatever the
// page's rotation. Blank image data is skipped with a warning; data that cannot be embedded fails
// the export (the export names the annotation). A /Stamp reads back as an image when its
// appearance holds an image we can decode: the stamp kind, which reads every /Stamp, asks this
// reader when the stamp is none of its own.
import type { ExportContext } from '../../export/context';
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import { readRect } from '../../import/pdfReaders';
import { rectOrSkip, toDisplayBox, type ReadEnv } from '../../import/readerTypes';
import { extractStampImage } from '../../import/stampImage';
import { DEFAULTS } from '../../model/defaults';
import type { Annotation, ImageAnnotation, Rect, SignatureAnnotation } from '../../model/types';

type Picture = ImageAnnotation | SignatureAnnotation;

export async function drawImage(canvas: Canvas, annotation: Picture, context: ExportContext): Promise<void> {
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

/** The writer of the kind whose stamps say `contents` (what a viewer lists the annotation as). */
export const writeImageStamp =
  (contents: string): NativeWriter<Picture> =>
  (annotation, env) => {
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

/** A /Stamp as the image its appearance holds; skipped (warned, with the reason) when it holds none. */
export async function readImageStamp(env: ReadEnv): Promise<Annotation[]> {
  const rect = rectOrSkip(env, readRect(env.read, env.dict));
  if (!rect) return [];
  const image = await extractStampImage(env.read, env.dict);
  if ('reason' in image) {
    env.warn(`${env.label} was not imported: ${image.reason}.`);
    return [];
  }
  const box = toDisplayBox(env.space, rect);
  const { base } = env;
  return [
    {
      ...base,
      type: 'image',
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      imageData: image.dataUrl,
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? DEFAULTS.strokeWidth,
    },
  ];
}
