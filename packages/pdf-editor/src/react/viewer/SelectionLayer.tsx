// Feedback drawn over the annotations: the dashed blue box (and handles) of the selection, the
// eraser's red dashed outline, and a comment's text while it is selected.
import type { Annotation, CommentAnnotation } from '../../core/index';
import { bounds, handlesOf } from '../../editor/internal';

const PAD = 3;

export function SelectionLayer({ selected, hovered, zoom }: { selected: Annotation[]; hovered: Annotation | undefined; zoom: number }) {
  const handleSize = 8 / zoom;
  return (
    <g className="mg-selection" pointerEvents="none">
      {hovered && <Outline annotation={hovered} className="mg-hover-outline" zoom={zoom} />}
      {selected.map((annotation) => (
        <g key={annotation.id}>
          <Outline annotation={annotation} className="mg-selection-box" zoom={zoom} />
          {selected.length === 1 &&
            handlesOf(annotation).map(({ handle, point }) => (
              <rect key={handle} className="mg-handle" data-handle={handle} x={point.x - handleSize / 2} y={point.y - handleSize / 2}
                width={handleSize} height={handleSize} strokeWidth={1 / zoom} />
            ))}
          {annotation.type === 'comment' && annotation.content && <CommentBubble annotation={annotation} />}
        </g>
      ))}
    </g>
  );
}

/** A selected comment's text, just below its note icon. */
function CommentBubble({ annotation }: { annotation: CommentAnnotation }) {
  const icon = bounds(annotation);
  return (
    <foreignObject x={icon.x} y={icon.y + icon.height + PAD} width={180} height={120}>
      <div className="mg-comment-bubble">{annotation.content}</div>
    </foreignObject>
  );
}

function Outline({ annotation, className, zoom }: { annotation: Annotation; className: string; zoom: number }) {
  const b = bounds(annotation);
  const pad = PAD / zoom;
  return (
    <rect className={className} x={b.x - pad} y={b.y - pad} width={b.width + 2 * pad} height={b.height + 2 * pad}
      strokeWidth={1.5 / zoom} strokeDasharray={`${4 / zoom} ${3 / zoom}`} fill="none" />
  );
}
