// Draws in the page as the user saw it. The page's display space (from its PageSpace: /Rotate and
// CropBox offset applied) is installed as the current transformation, with the y axis pointing up
// from the displayed bottom edge, so drawers use plain display coordinates and everything,
// text included, comes out upright on rotated pages.
import {
  concatTransformationMatrix,
  LineJoinStyle,
  popGraphicsState,
  pushGraphicsState,
  setLineJoin,
  type PDFPage,
} from 'pdf-lib';
import type { PageSpace } from '../../geometry/pageSpace';
import type { Point } from '../../model/types';

export interface Canvas {
  page: PDFPage;
  /** Displayed page size in points. */
  width: number;
  height: number;
  /** A display point (y down from the top) in the drawing frame (y up from the bottom). */
  at(point: Point): Point;
  /** The frame's y for a display y. */
  y(displayY: number): number;
}

/** Runs `draw` with the display frame installed, inside its own graphics state. */
export async function inDisplayFrame(
  page: PDFPage,
  space: PageSpace,
  draw: (canvas: Canvas) => Promise<void> | void,
): Promise<void> {
  const origin = space.toPdf({ x: 0, y: space.height });
  const xAxis = space.toPdf({ x: 1, y: space.height });
  const yAxis = space.toPdf({ x: 0, y: space.height - 1 });
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(
      xAxis.x - origin.x,
      xAxis.y - origin.y,
      yAxis.x - origin.x,
      yAxis.y - origin.y,
      origin.x,
      origin.y,
    ),
    // Round joins for every path; pdf-lib's path options only cover caps.
    setLineJoin(LineJoinStyle.Round),
  );
  const y = (displayY: number) => space.height - displayY;
  try {
    await draw({ page, width: space.width, height: space.height, y, at: (p) => ({ x: p.x, y: y(p.y) }) });
  } finally {
    page.pushOperators(popGraphicsState());
  }
}
