// Comment threads through the editor object alone (no React, no document): reply, edit, resolve,
// reopen and delete, each one undo step signed with the `author` option, and a thread that goes
// with its annotation when the annotation is deleted or pasted.
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation, type Annotation } from '../core/index';
import { createEditor } from './createEditor';

function editorWithComment(author = 'Ada') {
  const comment = normalizeAnnotation({ type: 'comment', id: 'note', page: 1, position: { x: 40, y: 40 }, content: 'Check the totals' }) as Annotation;
  const editor = createEditor({ defaultAnnotations: [comment], author, signatureStore: null });
  return editor;
}

const texts = (editor: ReturnType<typeof createEditor>) => editor.threads.get('note')?.replies.map((reply) => `${reply.author}: ${reply.content}`);

describe('comment threads in the editor object', () => {
  it('must add replies by the editor’s author in time order, each one undo step', () => {
    const editor = editorWithComment();
    const first = editor.threads.reply('note', 'They add up.');
    editor.setOptions({ ...editor.options, author: 'Grace' });
    editor.threads.reply('note', 'Agreed.');
    expect(first).toEqual(expect.any(String));
    expect(texts(editor)).toEqual(['Ada: They add up.', 'Grace: Agreed.']);
    editor.undo();
    expect(texts(editor)).toEqual(['Ada: They add up.']);
    editor.redo();
    expect(texts(editor)).toEqual(['Ada: They add up.', 'Grace: Agreed.']);
  });

  it('must refuse a blank reply and a reply to no annotation', () => {
    const editor = editorWithComment();
    expect(editor.threads.reply('note', '   ')).toBeUndefined();
    expect(editor.threads.reply('nothing', 'Hello')).toBeUndefined();
    expect(editor.getState().canUndo).toBe(false);
    expect(editor.threads.get('nothing')).toBeUndefined();
  });

  it('must edit a reply, and delete it when the edit leaves it blank', () => {
    const editor = editorWithComment();
    const id = editor.threads.reply('note', 'Typo') as string;
    editor.threads.edit('note', id, 'Fixed');
    expect(texts(editor)).toEqual(['Ada: Fixed']);
    editor.threads.edit('note', id, '');
    expect(texts(editor)).toEqual([]);
    editor.undo();
    expect(texts(editor)).toEqual(['Ada: Fixed']);
    editor.threads.remove('note', id);
    expect(texts(editor)).toEqual([]);
  });

  it('must resolve and reopen the thread, saying who did it, each one undo step', () => {
    const editor = editorWithComment();
    editor.threads.reply('note', 'Done.');
    editor.threads.resolve('note');
    expect(editor.threads.get('note')).toMatchObject({ resolved: true, lastState: { author: 'Ada', state: 'resolved' } });
    // Resolving a resolved thread records nothing.
    const steps = editor.getState().annotations[0]?.replies?.length;
    editor.threads.resolve('note');
    expect(editor.getState().annotations[0]?.replies).toHaveLength(steps ?? -1);
    editor.setOptions({ ...editor.options, author: 'Grace' });
    editor.threads.reopen('note');
    expect(editor.threads.get('note')).toMatchObject({ resolved: false, lastState: { author: 'Grace', state: 'reopened' } });
    // State marks are not answers.
    expect(texts(editor)).toEqual(['Ada: Done.']);
    editor.undo();
    expect(editor.threads.get('note')?.resolved).toBe(true);
    editor.undo();
    expect(editor.threads.get('note')?.resolved).toBe(false);
  });

  it('must delete the thread with its annotation in one step, and bring both back with one undo', () => {
    const editor = editorWithComment();
    editor.threads.reply('note', 'One');
    editor.threads.reply('note', 'Two');
    editor.getState().actions.select(['note']);
    editor.getState().actions.deleteSelected();
    expect(editor.getAnnotations()).toEqual([]);
    editor.undo();
    expect(texts(editor)).toEqual(['Ada: One', 'Ada: Two']);
  });

  it('must paste a copy of an annotation without its thread', () => {
    const editor = editorWithComment();
    editor.threads.reply('note', 'Only here');
    const { actions } = editor.getState();
    actions.select(['note']);
    actions.copy();
    actions.paste();
    const copy = editor.getAnnotations().find((annotation) => annotation.id !== 'note');
    expect(copy?.type).toBe('comment');
    expect(copy?.replies).toBeUndefined();
  });
});
