// The ellipse tool scripted like a user: drag a box, click for the default size, then select the
// ellipse and drag a corner to resize it, and undo.
import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../../test-support/testEditor';

describe('the ellipse tool', () => {
  it('must draw an ellipse filling the dragged box, whichever way it was dragged', () => {
    const editor = createTestEditor().setTool('ellipse').drag([160, 90], [40, 30]);
    expect(editor.annotations).toHaveLength(1);
    expect(editor.annotations[0]).toMatchObject({ type: 'ellipse', page: 1, position: { x: 40, y: 30 }, width: 120, height: 60 });
  });

  it('must make the default 100 x 100 on a click, in the current style', () => {
    const editor = createTestEditor().setTool('ellipse');
    editor.state.actions.setStyle({ color: '#FF0000', strokeWidth: 5 });
    editor.click(10, 10);
    expect(editor.annotations[0]).toMatchObject({ type: 'ellipse', position: { x: 10, y: 10 }, width: 100, height: 100, color: '#FF0000', strokeWidth: 5 });
  });

  it('must resize from the corner dragged, the opposite corner staying, as one undo step', () => {
    const editor = createTestEditor().setTool('ellipse').drag([40, 30], [160, 90]);
    editor.setTool('select').click(100, 30).drag([160, 90], [200, 150]);
    expect(editor.annotations[0]).toMatchObject({ position: { x: 40, y: 30 }, width: 160, height: 120 });
    editor.state.actions.undo();
    expect(editor.annotations[0]).toMatchObject({ position: { x: 40, y: 30 }, width: 120, height: 60 });
  });
});
