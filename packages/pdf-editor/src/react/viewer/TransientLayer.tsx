// The selection while it is dragged or resized, drawn in an SVG of its own over the page's
// overlay. Keeping it apart means a pointer move re-renders and repaints only the moving shapes:
// the overlay, which may hold thousands of annotations, stays as it was until the gesture ends.
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
  const moving = useEditorState((s) => s.transient?.annotations);
  const here = moving?.filter((a) => a.page === pageNumber);
  if (!here?.length) return null;
  return (
    <svg className="mg-transient" viewBox={viewBox} width={width} height={height} aria-hidden="true">
      {here.map((annotation) => (
        <AnnotationShape key={annotation.id} annotation={annotation} />
      ))}
      <SelectionLayer selected={here} hovered={undefined} zoom={zoom} />
    </svg>
  );
}
