// The selection while it is dragged or resized, drawn in an SVG of its own over the page's
// overlay. Keeping it apart means a pointer move re-renders and repaints only the moving shapes:
// the overlay, which may hold thousands of annotations, stays as it was until the gesture ends.
// The SVG covers only the moving shapes' box, not the page: the browser composites what a slide
// uncovers and covers again, and a layer the page's size made every drag frame redraw the page.
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { EditorState } from '../../editor/index';
import { boundsOfAll } from '../../editor/internal';
import { useEditorRuntime, useEditorState } from '../context';
import { AnnotationShape } from './AnnotationShape';
import { SelectionLayer } from './SelectionLayer';

// Page points added around the shapes' box: a line's box may be flat, and a viewBox without area
// draws nothing. Strokes, handles and a note beyond the box still show (the layer's overflow is visible).
const MARGIN = 1;

export function TransientLayer({ pageNumber, zoom }: { pageNumber: number; zoom: number }) {
  const { store } = useEditorRuntime();
  // A move draws the shapes where they were once (the same array for the whole gesture) and slides
  // that drawing; a resize redraws them at every step.
  const moving = useEditorState((s) => s.transient?.moved?.from ?? s.transient?.annotations);
  const here = useMemo(() => moving?.filter((a) => a.page === pageNumber), [moving, pageNumber]);
  const layer = useRef<SVGSVGElement>(null);
  // The slide's offset changes at every pointer move: written to the layer's transform (a
  // compositor move, no repaint) from the store, so React renders nothing while the shapes slide.
  // Subscribed only while the layer is shown (it mounts once it has shapes, and the offset is then
  // written to the new element before it paints): every other page's layer listens to nothing.
  useLayoutEffect(() => {
    if (!here?.length) return;
    const slide = ({ transient }: EditorState) => {
      const offset = transient?.moved;
      if (layer.current) layer.current.style.transform = offset ? `translate(${offset.dx * zoom}px, ${offset.dy * zoom}px)` : '';
    };
    slide(store.getState());
    return store.subscribe(slide);
  }, [store, zoom, here]);
  if (!here?.length) return null;
  const box = boundsOfAll(here);
  const x = box.x - MARGIN;
  const y = box.y - MARGIN;
  const width = box.width + 2 * MARGIN;
  const height = box.height + 2 * MARGIN;
  return (
    <svg
      ref={layer}
      className="mg-transient"
      viewBox={`${x} ${y} ${width} ${height}`}
      width={width * zoom}
      height={height * zoom}
      style={{ left: x * zoom, top: y * zoom }}
      aria-hidden="true"
    >
      {here.map((annotation) => (
        <AnnotationShape key={annotation.id} annotation={annotation} />
      ))}
      <SelectionLayer selected={here} hovered={undefined} zoom={zoom} />
    </svg>
  );
}
