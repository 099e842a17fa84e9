// Draws one pdf.js page (sharp on HiDPI, capped in size) and its text layer, in its turn in the
// viewer's render queue; a render still waiting or running when the page leaves the view, or the
// zoom changes, is dropped or cancelled.
// pdf.js draws off the page, and the page shows the finished drawing (pageDrawing.ts says why).
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PDFDocumentProxy } from '../../editor/internal';
import { loadPdfJs, outputScale } from '../../editor/internal';
import { offscreenDrawing, releaseDrawing, showDrawing } from './pageDrawing';
import type { RenderQueue } from './renderQueue';

export function usePageRender(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  zoom: number,
  withTextLayer: boolean,
  queue: RenderQueue,
  rank: () => number,
  onSize: (size: { width: number; height: number }) => void,
) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const onSizeRef = useRef(onSize);
  onSizeRef.current = onSize;

  useEffect(() => {
    let cancelled = false;
    let cancel = () => {};
    let release = () => {};
    setRendered(false);
    const draw = async () => {
      const [pdfjs, page] = await Promise.all([loadPdfJs(), pdf.getPage(pageNumber)]);
      // A page that leaves the view frees its operator lists and images; pdf.js keeps them otherwise.
      release = () => void page.cleanup();
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = page.getViewport({ scale: 1 });
      onSizeRef.current({ width: base.width, height: base.height });
      const viewport = page.getViewport({ scale: zoom });
      const ratio = outputScale(viewport.width, viewport.height, globalThis.devicePixelRatio ?? 1);
      const { drawing, target } = offscreenDrawing(Math.floor(viewport.width * ratio), Math.floor(viewport.height * ratio));
      const task = page.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      let textLayer: InstanceType<typeof pdfjs.TextLayer> | undefined;
      cancel = () => {
        task.cancel();
        textLayer?.cancel();
      };
      try {
        await task.promise;
      } catch (error) {
        // Cancelled renders are expected; other failures are only logged (spec: viewer errors).
        if (!(error instanceof pdfjs.RenderingCancelledException)) console.warn('Page render failed', error);
        return;
      }
      if (cancelled) return;
      // Until now the page showed its previous drawing (at the previous zoom), or nothing.
      showDrawing(canvas, drawing);
      canvas.style.width = `${viewport.width}px`;
      canvas.style.height = `${viewport.height}px`;
      // The spinner goes now, not when React next finds time: the text layer below would otherwise
      // run first and leave the drawn page under the spinner meanwhile.
      flushSync(() => setRendered(true));
      // The text layer after the drawing, as pdf.js's own viewer does: built alongside, it competes
      // with the canvas for the main thread and the worker, and the page shows later.
      const container = textRef.current;
      if (withTextLayer && container) {
        container.replaceChildren();
        textLayer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container, viewport });
        await textLayer.render().catch(() => undefined);
      }
    };
    const dequeue = queue.add(rank, () =>
      draw().catch((error: unknown) => {
        if (!cancelled) console.warn('Page render failed', error);
      }),
    );
    return () => {
      cancelled = true;
      dequeue();
      cancel();
      release();
    };
  }, [pdf, pageNumber, zoom, withTextLayer, queue, rank]);

  // The pixels go back as soon as the page leaves the view (not on a zoom change, where the old
  // drawing shows until the new one).
  useEffect(() => {
    const canvas = canvasRef.current;
    return () => {
      if (canvas) releaseDrawing(canvas);
    };
  }, []);

  return { canvasRef, textRef, rendered };
}
