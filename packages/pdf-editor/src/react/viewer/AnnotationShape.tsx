// Draws one annotation in the page's SVG overlay, in page points (the overlay's viewBox scales
// them with the zoom). Memoised by object identity: the history keeps unchanged annotations as
// the same objects, so moving one shape re-renders only that shape.
import { memo } from 'react';
import { TEXT_LINE_HEIGHT } from '../../core/export/textLayout';
import { arrowPath, CubicPathWriter, markupRects, smoothPath } from '../../core/geometry/annotationGeometry';
import type { Annotation, Point } from '../../core/model/types';
import { firstBaselineOffset } from './textBaseline';

function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

/** A freehand stroke smoothed by the same helper, into the same cubics, as both exports draw it. */
function strokePath(points: readonly Point[]): string {
  // A lone point: a zero-length segment, which the round cap shows as the dot the export draws.
  if (points.length === 1) return pathOf([points[0] as Point, points[0] as Point]);
  const d: string[] = [];
  smoothPath(
    points,
    new CubicPathWriter({
      moveTo: (x, y) => d.push(`M${x},${y}`),
      curveTo: (x1, y1, x2, y2, x, y) => d.push(`C${x1},${y1} ${x2},${y2} ${x},${y}`),
      lineTo: (x, y) => d.push(`L${x},${y}`),
    }),
  );
  return d.join(' ');
}

function Shape({ annotation: a }: { annotation: Annotation }) {
  const common = { opacity: a.opacity, 'data-annotation-id': a.id, 'data-annotation-type': a.type };
  switch (a.type) {
    case 'rectangle':
      return (
        <rect {...common} x={a.position.x} y={a.position.y} width={a.width} height={a.height} stroke={a.color} strokeWidth={a.strokeWidth}
          fill={a.fillStyle === 'solid' ? (a.fillColor ?? a.color) : 'none'} />
      );
    case 'whiteout':
      return <rect {...common} x={a.position.x} y={a.position.y} width={a.width} height={a.height} fill={a.color} />;
    case 'circle':
      return <circle {...common} cx={a.position.x + a.radius} cy={a.position.y + a.radius} r={a.radius} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" />;
    case 'arrow':
      return (
        <g {...common} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round">
          <line x1={a.position.x} y1={a.position.y} x2={a.endPoint.x} y2={a.endPoint.y} />
          <path d={pathOf(arrowPath(a.position, a.endPoint)[1])} />
        </g>
      );
    case 'freehand':
      return <path {...common} d={strokePath(a.points)} stroke={a.color} strokeWidth={a.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round" />;
    case 'highlight':
      return (
        <g {...common} fill={a.color} style={{ mixBlendMode: 'multiply' }}>
          {markupRects(a).map((r, i) => <rect key={i} x={r.x} y={r.y} width={r.width} height={r.height} />)}
        </g>
      );
    case 'strikethrough':
    case 'underline':
      return (
        <g {...common} stroke={a.color} strokeWidth={Math.max(1, a.strokeWidth)}>
          {markupRects(a).map((r, i) => {
            const y = a.type === 'underline' ? r.y + r.height : r.y + r.height / 2;
            return <line key={i} x1={r.x} y1={y} x2={r.x + r.width} y2={y} />;
          })}
          {/* An invisible box so the whole mark, not only its thin line, can be clicked. */}
          <rect x={a.position.x} y={a.position.y} width={a.width} height={a.height} fill="transparent" stroke="none" />
        </g>
      );
    case 'image':
    case 'signature':
      return a.imageData ? (
        <image {...common} href={a.imageData} x={a.position.x} y={a.position.y} width={a.width} height={a.height} preserveAspectRatio="none" />
      ) : (
        <rect {...common} className="mg-placeholder" x={a.position.x} y={a.position.y} width={a.width} height={a.height} />
      );
    case 'text': {
      const anchor = a.textAlign === 'center' ? 'middle' : a.textAlign === 'right' ? 'end' : 'start';
      const width = a.width ?? 0;
      const x = a.textAlign === 'center' ? a.position.x + width / 2 : a.textAlign === 'right' ? a.position.x + width : a.position.x;
      const firstBaseline = firstBaselineOffset(a);
      return (
        <text {...common} x={x} y={a.position.y} fill={a.color} fontSize={a.fontSize} fontFamily={a.fontFamily} fontWeight={a.fontWeight}
          fontStyle={a.fontStyle} textDecoration={a.textDecoration === 'underline' ? 'underline' : undefined} textAnchor={anchor}>
          {a.content.split('\n').map((line, i) => (
            <tspan key={i} x={x} dy={i === 0 ? firstBaseline : a.fontSize * TEXT_LINE_HEIGHT}>{line || ' '}</tspan>
          ))}
        </text>
      );
    }
    case 'comment':
      return (
        <g {...common}>
          <title>{a.content}</title>
          <path d={`M${a.position.x},${a.position.y} h24 v18 h-14 l-6,6 v-6 h-4 z`} fill={a.color} stroke="#00000066" strokeWidth={1} />
        </g>
      );
  }
}

export const AnnotationShape = memo(Shape);
