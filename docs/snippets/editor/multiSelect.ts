import { createEditor } from '@marginalia/pdf-editor/editor';

const editor = createEditor({ fileName: 'contract.pdf' });

// #region group
const { actions } = editor.getState();
actions.select(editor.getAnnotations().filter((a) => a.page === 1).map((a) => a.id));
actions.setStyle({ color: '#FF0000' }); // every selected annotation turns red, one undo step
actions.nudge(0, 10); // moves the group 10 points down, one undo step
// #endregion
