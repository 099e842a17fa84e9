// Pointer routing like a tablet user: pinch zooms without drawing, a resting palm is ignored
// while the pen draws, and leaving the page drops the gesture.
import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../test-support/testEditor';
import { createPointerRouter } from './pointerRouter';
import type { RoutedPointer } from './pointerRouter';

function setup(tool: 'freehand' | 'rectangle' | 'polygon' = 'freehand') {
  const editor = createTestEditor().setTool(tool);
  const router = createPointerRouter({
    machine: () => editor.machine,
    getZoom: () => editor.state.zoom,
    setZoom: (z) => editor.state.actions.setZoom(z),
  });
  const p = (pointerId: number, pointerType: string, x: number, y: number): RoutedPointer => ({ page: 1, x, y, pointerId, pointerType, clientX: x, clientY: y });
  return { editor, router, p };
}

describe('pointer router', () => {
  it('must zoom on a two-finger pinch and never draw from it', () => {
    const { editor, router, p } = setup();
    router.down(p(1, 'touch', 100, 100));
    router.move(p(1, 'touch', 110, 100));
    router.down(p(2, 'touch', 200, 100));
    expect(router.pinching).toBe(true);
    router.move(p(2, 'touch', 300, 100));
    expect(editor.state.zoom).toBeCloseTo(1 * (190 / 90), 5);
    router.up(p(1, 'touch', 110, 100));
    router.up(p(2, 'touch', 300, 100));
    expect(editor.annotations).toHaveLength(0);
    expect(editor.state.draft).toBeNull();
  });

  it('must ignore touches while the pen draws', () => {
    const { editor, router, p } = setup();
    router.down(p(1, 'pen', 10, 10));
    router.down(p(2, 'touch', 300, 300));
    router.move(p(2, 'touch', 320, 320));
    router.move(p(1, 'pen', 50, 30));
    router.up(p(2, 'touch', 320, 320));
    router.up(p(1, 'pen', 90, 40));
    expect(editor.annotations).toHaveLength(1);
    const stroke = editor.annotations[0];
    expect(stroke?.type === 'freehand' && stroke.points.every((pt) => pt.x <= 90)).toBe(true);
  });

  it('must cancel the drag when the pointer leaves the page', () => {
    const { editor, router, p } = setup('rectangle');
    router.down(p(1, 'mouse', 10, 10));
    router.move(p(1, 'mouse', 60, 60));
    router.leave(p(1, 'mouse', 60, 60));
    router.up(p(1, 'mouse', 60, 60));
    expect(editor.annotations).toHaveLength(0);
    expect(editor.state.draft).toBeNull();
  });

  it('must keep a polygon\'s vertices when the pointer leaves the page between clicks', () => {
    const { editor, router, p } = setup('polygon');
    for (const [x, y] of [[10, 10], [90, 10]] as const) {
      router.down(p(1, 'mouse', x, y));
      router.up(p(1, 'mouse', x, y));
    }
    router.move(p(1, 'mouse', 60, 60));
    router.leave(p(1, 'mouse', 60, 60));
    router.down(p(1, 'mouse', 50, 80));
    router.up(p(1, 'mouse', 50, 80));
    editor.doubleClick(50, 80);
    expect(editor.annotations[0]).toMatchObject({ type: 'polygon', points: [{ x: 10, y: 10 }, { x: 90, y: 10 }, { x: 50, y: 80 }] });
  });

  it('must draw with a single finger outside select mode', () => {
    const { editor, router, p } = setup('rectangle');
    router.down(p(1, 'touch', 10, 10));
    router.move(p(1, 'touch', 60, 40));
    router.up(p(1, 'touch', 60, 40));
    expect(editor.annotations[0]).toMatchObject({ type: 'rectangle', width: 50, height: 30 });
  });
});
