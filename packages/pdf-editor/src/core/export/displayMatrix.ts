// The affine map from a page's display space (points, origin top-left of the page as displayed,
// y down) to PDF user space. Flattened content and native appearance streams both install it with
// one `cm`, so everything they draw in display coordinates lands where the user saw it on rotated
// pages and on boxes that do not start at 0,0.
import type { PageSpace } from '../geometry/pageSpace';

export interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** Read off the page space itself, so it agrees with `toPdf` for every rotation. */
export function displayToPdfMatrix(space: PageSpace): Matrix {
  const origin = space.toPdf({ x: 0, y: 0 });
  const unitX = space.toPdf({ x: 1, y: 0 });
  const unitY = space.toPdf({ x: 0, y: 1 });
  return {
    a: unitX.x - origin.x,
    b: unitX.y - origin.y,
    c: unitY.x - origin.x,
    d: unitY.y - origin.y,
    e: origin.x,
    f: origin.y,
  };
}
