// The gesture polygons and polylines share: each click adds a vertex, a segment follows the pointer
// from the last one, a double-click or Enter finishes, Backspace drops the last vertex and Escape
// (cancel) drops them all; choosing another tool keeps a shape that already has its vertices. A
// single click finished at once makes the kind's default shape there, as a click does with the
// drag tools. Vertices stay on the page of the first click.
import type { Annotation, Point } from '../../../core/index';
import { normalizeAnnotation } from '../../../core/internal';
import { defaultVertices, MIN_VERTICES, strokeThrough } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { isClick } from './dragCreate';
import type { ToolContext, ToolMachine, ToolPointer } from '../types';

type VertexType = keyof typeof MIN_VERTICES;

export function createVertexMachine(context: ToolContext, type: VertexType): ToolMachine {
  const { actions } = context.store.getState();
  let page = 1;
  let vertices: Point[] = [];
  /** Where the pointer hovers, the far end of the live segment; null when off the page. */
  let hover: Point | null = null;

  const build = (kind: VertexType, points: Point[]) =>
    normalizeAnnotation({ type: kind, page, ...strokeThrough(points, points[0] ?? { x: 0, y: 0 }), ...styleFields(kind, context.store.getState().style) }) as Annotation;

  const preview = () => {
    const points = hover ? [...vertices, hover] : vertices;
    // Until there are enough points for the kind (a polygon's third), the outline shows open.
    const shown = points.length >= MIN_VERTICES[type] ? type : 'polyline';
    actions.setDraft(vertices.length > 0 && points.length >= MIN_VERTICES.polyline ? build(shown, points) : null);
  };

  const reset = () => {
    vertices = [];
    hover = null;
    actions.setDraft(null);
  };

  const onPage = (pointer: ToolPointer) => vertices.length === 0 || pointer.page === page;

  /** Adds the shape as one undo step; false (nothing happens) while it has too few vertices. */
  const finish = (): boolean => {
    const [only] = vertices;
    const points = vertices.length === 1 && only ? defaultVertices(only) : vertices;
    if (points.length < MIN_VERTICES[type]) return false;
    reset();
    actions.add(build(type, points));
    return true;
  };

  return {
    get state() {
      return vertices.length > 0 ? 'placing' : 'idle';
    },
    pointerDown(pointer) {
      if (vertices.length === 0) page = pointer.page;
    },
    pointerMove(pointer) {
      if (vertices.length === 0 || !onPage(pointer)) return;
      hover = { x: pointer.x, y: pointer.y };
      preview();
    },
    pointerUp(pointer) {
      if (!onPage(pointer)) return;
      const point = { x: pointer.x, y: pointer.y };
      const last = vertices[vertices.length - 1];
      // The second click of a double-click lands on the vertex the first one added.
      if (!last || !isClick(last, point)) vertices.push(point);
      hover = point;
      preview();
    },
    doubleClick() {
      finish();
    },
    keyDown(key) {
      // Enter before the first vertex has nothing to finish: taken here, or the keyboard's place
      // command would click an unseen vertex into the middle of the page.
      if (vertices.length === 0) return key === 'Enter';
      if (key === 'Enter') finish();
      else if (key === 'Backspace') {
        vertices.pop();
        if (vertices.length === 0) reset();
        else preview();
      } else return false;
      return true;
    },
    leave() {
      hover = null;
      preview();
    },
    cancel: reset,
    switchAway() {
      if (vertices.length < MIN_VERTICES[type] || !finish()) reset();
    },
  };
}
