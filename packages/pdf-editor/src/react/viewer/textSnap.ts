// Snaps a dragged box to the text lines under it: text-layer spans (page points) that the box
// covers are grouped into lines, and each line is cut to the box's horizontal extent.
import type { Rect } from '../../core/index';

function verticalOverlap(a: Rect, b: Rect): number {
  return Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
}

export function snapToLines(spans: readonly Rect[], box: Rect): Rect[] {
  const covered = spans.filter(
    (s) => s.width > 0 && s.height > 0 && s.x < box.x + box.width && s.x + s.width > box.x && verticalOverlap(s, box) >= s.height / 2,
  );
  const lines: Rect[] = [];
  for (const span of [...covered].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const line = lines.find((l) => verticalOverlap(l, span) >= Math.min(l.height, span.height) / 2);
    if (!line) {
      lines.push({ ...span });
      continue;
    }
    const right = Math.max(line.x + line.width, span.x + span.width);
    const bottom = Math.max(line.y + line.height, span.y + span.height);
    line.x = Math.min(line.x, span.x);
    line.y = Math.min(line.y, span.y);
    line.width = right - line.x;
    line.height = bottom - line.y;
  }
  return lines.map((line) => {
    const left = Math.max(line.x, box.x);
    const right = Math.min(line.x + line.width, box.x + box.width);
    return { x: left, y: line.y, width: Math.max(0, right - left), height: line.height };
  });
}
