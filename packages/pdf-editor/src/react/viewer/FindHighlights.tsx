// The find's matches on one page, under the annotations: every match tinted, the current one
// stronger, drawn in page points in the overlay's own coordinates. Only pages with matches render
// anything, and only when the matches or the current one change.
import { useFind } from '../context';

export function FindHighlights({ pageNumber }: { pageNumber: number }) {
  const matches = useFind((state) => state.matches);
  const current = useFind((state) => state.matches[state.current]);
  const onPage = matches.filter((match) => match.page === pageNumber);
  if (onPage.length === 0) return null;
  return (
    <g className="mg-find-matches" pointerEvents="none">
      {onPage.flatMap((match, index) =>
        match.rects.map((rect, part) => (
          <rect key={`${index}-${part}`} className={match === current ? 'mg-find-match mg-find-current' : 'mg-find-match'}
            x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
        )),
      )}
    </g>
  );
}
