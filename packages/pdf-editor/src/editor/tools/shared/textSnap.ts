// Snaps a markup drag to the text under it the way a reader selects text: the drag runs from the
// line under its top end to the line under its bottom end, however thin it is (a 2-point swipe
// along one line selects that line). On one line the mark spans the drag; over several, the first
// line runs from the drag's start to the end of its text, the lines between are whole and the last
// runs from its start to the drag's end. Rows are split at gaps wider than a column gutter, so a
// drag down one column of a two-column page does not take in the other.
import type { Point, Rect } from '../../../core/index';
import { unionOfRects } from '../../../core/internal';

/** One line of text: its vertical extent and its runs, split at column gutters, left to right. */
interface Row {
  top: number;
  bottom: number;
  segments: Rect[];
}

/** A gap wider than this many row heights separates two columns, not two words. */
const GUTTER = 1.5;

const rightOf = (r: Rect) => r.x + r.width;
const bottomOf = (r: Rect) => r.y + r.height;
const union = (a: Rect, b: Rect): Rect => unionOfRects([a, b]);

/** Groups text spans (page points) into rows, top to bottom: spans overlapping by half the smaller height share one. */
function textRows(spans: readonly Rect[]): Row[] {
  const groups: { top: number; bottom: number; spans: Rect[] }[] = [];
  for (const span of spans.filter((s) => s.width > 0 && s.height > 0).sort((a, b) => a.y - b.y || a.x - b.x)) {
    const overlap = (g: { top: number; bottom: number }) => Math.min(g.bottom, bottomOf(span)) - Math.max(g.top, span.y);
    const group = groups.find((g) => overlap(g) >= Math.min(g.bottom - g.top, span.height) / 2);
    if (!group) {
      groups.push({ top: span.y, bottom: bottomOf(span), spans: [span] });
      continue;
    }
    group.top = Math.min(group.top, span.y);
    group.bottom = Math.max(group.bottom, bottomOf(span));
    group.spans.push(span);
  }
  return groups
    .sort((a, b) => a.top - b.top)
    .map(({ top, bottom, spans: inRow }) => {
      const segments: Rect[] = [];
      for (const span of inRow.sort((a, b) => a.x - b.x)) {
        const last = segments[segments.length - 1];
        if (last && span.x - rightOf(last) <= GUTTER * (bottom - top)) segments[segments.length - 1] = union(last, span);
        else segments.push({ ...span });
      }
      return { top, bottom, segments };
    });
}

/**
 * The row a drag's end stands for: the one under it (the nearest by its middle when rows overlap),
 * else the nearest row inward (below the top end, above the bottom end), among `rows`.
 */
function rowAt(rows: readonly Row[], point: Point, inward: 'down' | 'up'): Row | undefined {
  const under = rows.filter((row) => row.top <= point.y && point.y <= row.bottom);
  const distance = (row: Row) => Math.abs((row.top + row.bottom) / 2 - point.y);
  if (under.length > 0) return under.reduce((best, row) => (distance(row) < distance(best) ? row : best));
  return inward === 'down' ? rows.find((row) => row.top > point.y) : rows.findLast((row) => row.bottom < point.y);
}

const cut = (segment: Rect, left: number, right: number): Rect => {
  const x = Math.max(segment.x, left);
  return { x, y: segment.y, width: Math.min(rightOf(segment), right) - x, height: segment.height };
};

/**
 * The text a markup drag from `from` to `to` selects on a page whose text runs are `spans` (page
 * points): one rectangle per line and column run, top to bottom; none when the drag touches no text.
 */
export function snapToText(spans: readonly Rect[], from: Point, to: Point): Rect[] {
  const rows = textRows(spans);
  const [top, bottom] = from.y <= to.y ? [from, to] : [to, from];
  const left = Math.min(from.x, to.x);
  const right = Math.max(from.x, to.x);
  // The drag's ends pick rows that have text across its horizontal span.
  const reached = rows.filter((row) => row.segments.some((s) => s.x <= right && rightOf(s) >= left));
  const first = rowAt(reached, top, 'down');
  const last = rowAt(reached, bottom, 'up');
  if (!first || !last || first.top > last.top) return [];
  let marks: Rect[];
  if (first === last) {
    marks = first.segments.map((s) => cut(s, left, right));
  } else {
    // The first line from the drag's start, the last up to its end, each in the run under that end.
    const head = first.segments.find((s) => rightOf(s) >= top.x);
    const tail = last.segments.findLast((s) => s.x <= bottom.x);
    const ends = [head, tail].filter((s): s is Rect => s !== undefined);
    const column = ends.length > 0 ? ends.reduce(union) : { x: left, y: 0, width: right - left, height: 0 };
    const between = rows
      .slice(rows.indexOf(first) + 1, rows.indexOf(last))
      .flatMap((row) => row.segments.filter((s) => s.x < rightOf(column) && rightOf(s) > column.x));
    marks = [...(head ? [cut(head, top.x, Infinity)] : []), ...between, ...(tail ? [cut(tail, -Infinity, bottom.x)] : [])];
  }
  return marks.filter((mark) => mark.width > 0);
}
