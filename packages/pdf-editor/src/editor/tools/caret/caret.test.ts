// The caret tool scripted like a user: hover shows where the mark goes, a click puts its point
// where the click was, in the current colour; the mark then moves, resizes and undoes like a box.
import { describe, expect, it } from 'vitest';
import { createTestEditor } from '../../../test-support/testEditor';

describe('the caret tool', () => {
  it('must preview the mark under the pointer and place it with its point at the click', () => {
    const editor = createTestEditor().setTool('caret');
    editor.state.actions.setStyle({ color: '#0000FF' });
    editor.pointerMove(100, 50);
    expect(editor.state.draft).toMatchObject({ type: 'caret', position: { x: 94, y: 50 }, width: 12, height: 12 });
    editor.click(120, 60);
    expect(editor.annotations).toHaveLength(1);
    // Its point (top middle) is at the click, between the letters where the text goes in.
    expect(editor.annotations[0]).toMatchObject({ type: 'caret', page: 1, position: { x: 114, y: 60 }, width: 12, height: 12, color: '#0000FF', content: '' });
  });

  it('must place one mark per click, and undo them one by one', () => {
    const editor = createTestEditor().setTool('caret').click(10, 10).click(50, 10);
    expect(editor.annotations).toHaveLength(2);
    editor.undo();
    expect(editor.annotations).toHaveLength(1);
  });

  it('must move with the select tool and resize from a corner', () => {
    const editor = createTestEditor().setTool('caret').click(106, 100);
    editor.setTool('select').click(106, 108).drag([106, 108], [126, 118]);
    expect(editor.annotations[0]).toMatchObject({ position: { x: 120, y: 110 }, width: 12, height: 12 });
    editor.drag([132, 122], [144, 134]);
    expect(editor.annotations[0]).toMatchObject({ position: { x: 120, y: 110 }, width: 24, height: 24 });
  });

  it('must take the text to insert as a note on a double-click, and stay a bare mark when the note is left blank', () => {
    const editor = createTestEditor().setTool('caret').click(106, 100);
    const id = editor.annotations[0]?.id;
    editor.setTool('select').doubleClick(106, 106);
    expect(editor.state.editing).toMatchObject({ kind: 'caret', id, content: '' });
    editor.state.actions.setEditingContent('the');
    editor.state.actions.commitEditing();
    expect(editor.annotations[0]).toMatchObject({ id, content: 'the' });
    // A single click on the selected mark selects it, as for a comment: only a text box is typed into then.
    editor.click(106, 106);
    expect(editor.state.editing).toBeNull();
    editor.doubleClick(106, 106);
    editor.state.actions.setEditingContent('  ');
    editor.state.actions.commitEditing();
    expect(editor.annotations).toHaveLength(1);
    expect(editor.annotations[0]).toMatchObject({ id, content: '' });
  });
});
