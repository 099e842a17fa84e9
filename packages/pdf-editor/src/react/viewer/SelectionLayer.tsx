// Feedback drawn over the annotations: the dashed blue box (and handles) of the selection (one box
// around the whole group when several are selected), the eraser's red dashed outline, and the note
// of a kind whose text is a note (a comment's, a caret's) while it is the one selected.
import type { Annotation, Rect } from '../../core/index';
import { kindOf } from '../../core/internal';
import { bounds, boundsOfAll, handlesOf } from '../../editor/internal';

const PAD = 3;

export function SelectionLayer({ selected, hovered, zoom }: { selected: Annotation[]; hovered: Annotation | undefined; zoom: number }) {
  const handleSize = 8 / zoom;
  return (
    <g className="mg-selection" pointerEvents="none">
      {hovered && <Outline box={bounds(hovered)} className="mg-hover-outline" zoom={zoom} />}
      {selected.length > 1 && <Outline box={boundsOfAll(selected)} className="mg-selection-box" zoom={zoom} />}
      {selected.length === 1 &&
        selected.map((annotation) => (
          <g key={annotation.id}>
            <Outline box={bounds(annotation)} className="mg-selection-box" zoom={zoom} />
            {handlesOf(annotation).map(({ handle, point }) => (
              <rect key={handle} className="mg-handle" data-handle={handle} x={point.x - handleSize / 2} y={point.y - handleSize / 2}
                width={handleSize} height={handleSize} strokeWidth={1 / zoom} />
            ))}
            <NoteBubble annotation={annotation} />
          </g>
        ))}
    </g>
  );
}

/** A selected annotation's note, just below it: when its kind's text is a note and it has some. */
function NoteBubble({ annotation }: { annotation: Annotation }) {
  const note: unknown = 'content' in annotation ? annotation.content : undefined;
  if (kindOf(annotation.type).capabilities.edit?.in !== 'note' || typeof note !== 'string' || note === '') return null;
  const box = bounds(annotation);
  return (
    <foreignObject x={box.x} y={box.y + box.height + PAD} width={180} height={120}>
      <div className="mg-comment-bubble">{note}</div>
    </foreignObject>
  );
}

/** The dashed box around what is selected; `color` draws a collaborator's (presence). */
export function Outline({ box: b, className, zoom, color }: { box: Rect; className: string; zoom: number; color?: string }) {
  const pad = PAD / zoom;
  return (
    <rect className={className} x={b.x - pad} y={b.y - pad} width={b.width + 2 * pad} height={b.height + 2 * pad}
      strokeWidth={1.5 / zoom} strokeDasharray={`${4 / zoom} ${3 / zoom}`} fill="none" style={color ? { stroke: color } : undefined} />
  );
}
