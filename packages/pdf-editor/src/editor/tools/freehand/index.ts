// Freehand tool: records the pointer's path while pressed, then stores it smoothed as one stroke.
import type { Annotation, Point } from '../../../core/index';
import { normalizeAnnotation } from '../../../core/internal';
import { strokeThrough } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { ICONS } from '../shared/presets';
import type { ToolContext, ToolDefinition, ToolMachine } from '../types';
import { simplify, smooth } from './smooth';

function createFreehandMachine(context: ToolContext): ToolMachine {
  const { actions } = context.store.getState();
  let state: 'idle' | 'drawing' = 'idle';
  let page = 1;
  let points: Point[] = [];

  const stroke = (path: Point[]) =>
    normalizeAnnotation({
      type: 'freehand',
      page,
      ...strokeThrough(path, { x: 0, y: 0 }),
      ...styleFields('freehand', context.store.getState().style),
    }) as Annotation;

  return {
    get state() {
      return state;
    },
    pointerDown(pointer) {
      state = 'drawing';
      page = pointer.page;
      points = [{ x: pointer.x, y: pointer.y }];
    },
    pointerMove(pointer) {
      if (state !== 'drawing' || pointer.page !== page) return;
      points.push({ x: pointer.x, y: pointer.y });
      actions.setDraft(stroke(points));
    },
    pointerUp(pointer) {
      if (state !== 'drawing') return;
      state = 'idle';
      if (pointer.page === page) points.push({ x: pointer.x, y: pointer.y });
      actions.setDraft(null);
      const path = smooth(simplify(points, 0.5 / context.store.getState().zoom));
      if (path.length >= 2) actions.add(stroke(path));
    },
    cancel() {
      state = 'idle';
      points = [];
      actions.setDraft(null);
    },
  };
}

export const freehandTool: ToolDefinition = {
  preset: { id: 'freehand', label: 'tool.freehand', creates: 'freehand', cursor: 'crosshair', shortcut: 'd', icon: ICONS.freehand },
  createMachine: createFreehandMachine,
};
