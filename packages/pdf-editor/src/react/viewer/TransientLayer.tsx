// The selection while it is dragged or resized, drawn in an SVG of its own over the page's
// overlay. Keeping it apart means a pointer move re-renders and repaints only the moving shapes:
// the overlay, which may hold thousands of annotations, stays as it was until the gesture ends.
import { useMemo } from 'react';
import { useEditorState } from '../context';
import { AnnotationShape } from './AnnotationShape';
import { SelectionLayer } from './SelectionLayer';

export function TransientLayer({ pageNumber, width, height, viewBox, zoom }: {
  pageNumber: number;
  width: number;
  height: number;
  viewBox: string;
  zoom: number;
}) {
  const transient = useEditorState((s) => s.transient);
  // A move draws the shapes where they were once and slides that drawing (a compositor transform,
  // no repaint); a resize redraws them at every step.
  const moving = transient?.moved?.from ?? transient?.annotations;
  const here = useMemo(() => moving?.filter((a) => a.page === pageNumber), [moving, pageNumber]);
  if (!here?.length) return null;
  const offset = transient?.moved;
  return (
    <svg className="mg-transient" viewBox={viewBox} width={width} height={height} aria-hidden="true"
      style={offset && { transform: `translate(${offset.dx * zoom}px, ${offset.dy * zoom}px)` }}>
      {here.map((annotation) => (
        <AnnotationShape key={annotation.id} annotation={annotation} />
      ))}
      <SelectionLayer selected={here} hovered={undefined} zoom={zoom} />
    </svg>
  );
}
