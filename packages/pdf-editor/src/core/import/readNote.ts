// /Text (sticky notes) back into comments. Viewers keep note icons upright, pinned at the /Rect's
// upper-left corner in unrotated user space (poppler whatever /F says), so that corner is where
// the note shows on screen on any rotation. A /Rect of zero size is a note at that point.
import { DEFAULTS } from '../model/defaults';
import type { Annotation } from '../model/types';
import { readContents, readRect } from './pdfReaders';
import { rectOrSkip, type ReadEnv } from './readerTypes';

export function readNote(env: ReadEnv): Annotation[] {
  const rect = rectOrSkip(env, readRect(env.read, env.dict, { allowPoint: true }));
  if (!rect) return [];
  const anchor = env.space.toDisplay({ x: rect.x, y: rect.y + rect.height });
  const { base } = env;
  return [
    {
      ...base,
      type: 'comment',
      position: anchor,
      content: readContents(env.read, env.dict),
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? DEFAULTS.strokeWidth,
    },
  ];
}
