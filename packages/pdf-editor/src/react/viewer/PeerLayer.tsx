// Collaborators on one page (presence): the annotations each one has selected, outlined in their
// colour as the selection is, and their pointer with their name. Drawn in the page's overlay, in
// page points; nothing at all while no one else is here. A collaborator's move re-renders these
// marks only, never the page's annotations.
import { memo, useMemo } from 'react';
import type { Annotation } from '../../core/index';
import type { Peer } from '../../editor/index';
import { bounds } from '../../editor/internal';
import { useEditorState } from '../context';
import { Outline } from './SelectionLayer';

const NO_ANNOTATIONS: readonly Annotation[] = [];
/** An arrow pointer 19 px tall, its tip at the origin. */
const ARROW = 'M0 0V16L4.5 12L8 19L10.5 18L7 11H13Z';

export function PeerLayer({ pageNumber, zoom }: { pageNumber: number; zoom: number }) {
  const peers = useEditorState((s) => s.peers);
  return peers.length > 0 && <PeerMarks peers={peers} pageNumber={pageNumber} zoom={zoom} />;
}

function PeerMarks({ peers, pageNumber, zoom }: { peers: readonly Peer[]; pageNumber: number; zoom: number }) {
  const annotations = useEditorState((s) => s.annotationsByPage.get(pageNumber) ?? NO_ANNOTATIONS);
  return (
    <g className="mg-peers-layer" pointerEvents="none">
      {peers.map((peer) => (
        <PeerSelection key={peer.clientId} annotations={annotations} selection={peer.selection} color={peer.color} zoom={zoom} />
      ))}
      {peers.map(({ clientId, name, color, pointer }) =>
        pointer?.page === pageNumber && (
          <g key={clientId} className="mg-peer-pointer" data-peer={clientId} transform={`translate(${pointer.x} ${pointer.y}) scale(${1 / zoom})`}>
            <path d={ARROW} fill={color} stroke="#fff" strokeWidth={1.2} />
            <foreignObject x={10} y={18} width={160} height={24}>
              <div className="mg-peer-label" style={{ background: color }}>{name}</div>
            </foreignObject>
          </g>
        ),
      )}
    </g>
  );
}

// Keyed on the selection array, which presence keeps while it is the same: a pointer move of its
// owner leaves the outlines as they are.
const PeerSelection = memo(function PeerSelection({ annotations, selection, color, zoom }: {
  annotations: readonly Annotation[];
  selection: readonly string[];
  color: string;
  zoom: number;
}) {
  const selected = useMemo(() => {
    if (selection.length === 0) return [];
    const ids = new Set(selection);
    return annotations.filter((annotation) => ids.has(annotation.id));
  }, [annotations, selection]);
  return selected.map((annotation) => (
    <Outline key={annotation.id} box={bounds(annotation)} className="mg-peer-selection" zoom={zoom} color={color} />
  ));
});
