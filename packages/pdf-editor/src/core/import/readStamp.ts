// /Stamp back into an image annotation, when its appearance holds an image we can decode.
import { DEFAULTS } from '../model/defaults';
import type { Annotation } from '../model/types';
import { readRect } from './pdfReaders';
import { rectOrSkip, toDisplayBox, type ReadEnv } from './readerTypes';
import { extractStampImage } from './stampImage';

export async function readStamp(env: ReadEnv): Promise<Annotation[]> {
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
