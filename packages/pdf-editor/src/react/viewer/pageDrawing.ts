// Where pdf.js draws a page, and how the page's canvas shows it. pdf.js draws into a canvas off
// the page; the canvas on the page shows the finished drawing as a bitmap ('bitmaprenderer').
//
// A 2D canvas on the page would cost every frame the browser draws (a drag, a hover, a spinner) a
// copy of all its pixels when the browser composites in software, as headless Chromium and many
// virtual machines do: 0.65 ms a frame for each page of 918 x 1188 pixels in the drag bench. A
// bitmap goes to the compositor once, and handing it to the canvas moves its pixels without a copy.

/** A canvas off the page, `width` x `height` device pixels, for pdf.js to draw a page into. */
export function offscreenDrawing(
  width: number,
  height: number,
): { drawing: OffscreenCanvas; target: HTMLCanvasElement } {
  const drawing = new OffscreenCanvas(width, height);
  // pdf.js draws into an OffscreenCanvas as into a canvas element (its own scratch canvases are
  // OffscreenCanvases); its types name only the element.
  return { drawing, target: drawing as unknown as HTMLCanvasElement };
}

/** Shows the finished `drawing` on `canvas`, which then holds its pixels; `drawing` is left empty. */
export function showDrawing(canvas: HTMLCanvasElement, drawing: OffscreenCanvas): void {
  canvas.width = drawing.width;
  canvas.height = drawing.height;
  const bitmap = drawing.transferToImageBitmap();
  const shown = canvas.getContext('bitmaprenderer');
  if (shown) shown.transferFromImageBitmap(bitmap);
  else {
    // Someone else took the canvas's 2D context first (a host's script, a test reading pixels):
    // it can have no other, so the drawing is copied in.
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
  }
}

/** Gives back the pixels `canvas` holds: browsers keep them until the canvas is collected otherwise. */
export function releaseDrawing(canvas: HTMLCanvasElement): void {
  canvas.getContext('bitmaprenderer')?.transferFromImageBitmap(null);
  canvas.width = 0;
  canvas.height = 0;
}
