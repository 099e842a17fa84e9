// The server's rule for image data in saved annotations: only base64 `data:` URLs of a PNG or JPEG
// (by their bytes, not only their label) of at most `MAX_IMAGE_PIXELS`. The core's export would
// fetch an http(s) address it is handed; the server never fetches anything on a user's behalf, so
// such annotations are refused when saved and when already stored ones are exported.
// An empty `imageData` (an image box the editor has not filled yet) draws nothing and is allowed.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { exceedsPixelLimit, imageSize, MAX_IMAGE_PIXELS } from '../infrastructure/imageSize';

const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/\s]*={0,2}\s*)$/i;

export interface AnnotationImageProblem {
  /** `annotations.<index>.imageData` (or `added.`, `updated.`), as the body's field path. */
  field: string;
  message: string;
}

function problemOf(imageData: string): string | undefined {
  if (imageData === '') return undefined;
  const match = DATA_URL.exec(imageData.trim());
  if (!match) return 'imageData must be a data: URL of a PNG or JPEG image (data:image/png;base64,…)';
  const bytes = Buffer.from(match[2] as string, 'base64');
  const size = imageSize(bytes);
  if (!size) return 'imageData is not a readable PNG or JPEG image';
  if (exceedsPixelLimit(size)) {
    return `the image declares ${size.width} x ${size.height} pixels, more than the limit of ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  }
  return undefined;
}

/**
 * The first image annotation breaking the rule, named by its index in `field` (the body's list it
 * came in) and its id; undefined when all follow it.
 */
export function findAnnotationImageProblem(
  annotations: readonly Annotation[],
  field = 'annotations',
): AnnotationImageProblem | undefined {
  for (const [index, annotation] of annotations.entries()) {
    if (annotation.type !== 'image' && annotation.type !== 'signature') continue;
    const problem = problemOf(annotation.imageData);
    if (problem) {
      return {
        field: `${field}.${index}.imageData`,
        message: `${field}.${index} (${annotation.type} ${annotation.id}): ${problem}`,
      };
    }
  }
  return undefined;
}
