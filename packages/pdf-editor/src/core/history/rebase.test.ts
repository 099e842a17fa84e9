// Undo and redo after someone else's change (`applyRemote`): a step reverts or replays only what it
// changed, per annotation and per field, as Yjs's UndoManager does.
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { addAnnotation, removeAnnotations, updateAnnotation, type AnnotationListUpdate } from './annotationList';
import { createHistory } from './createHistory';
import { rebaseAnnotations, rebaseDocument } from './rebase';
import type { DocumentState } from './diff';

const rect = (id: string) => normalizeAnnotation({ id, type: 'rectangle', page: 1, position: { x: 0, y: 0 }, width: 10, height: 10, color: '#000000' }) as Annotation;
const on = (update: AnnotationListUpdate) => (doc: DocumentState) => ({ ...doc, annotations: update(doc.annotations) });
const ids = (doc: DocumentState) => doc.annotations.map(({ id }) => id);
const field = (doc: DocumentState, id: string, key: string) => (doc.annotations.find((a) => a.id === id) as Record<string, unknown> | undefined)?.[key];

function documentHistory(annotations: Annotation[] = []) {
  return createHistory<DocumentState>({ pdf: null, annotations }, { rebase: rebaseDocument });
}

describe('a history with remote changes', () => {
  it('must make no step for a remote change, keep both stacks and tell its listeners so', () => {
    const history = createHistory(0, { rebase: (from, to, current) => current + to - from });
    const reasons: string[] = [];
    history.subscribe((_n, change) => reasons.push(change.reason));
    history.apply((n) => n + 1);
    history.apply((n) => n + 10);
    history.undo();
    history.applyRemote((n) => n + 100);
    expect([history.state, history.undoCount, history.redoCount]).toEqual([101, 1, 1]);
    history.redo();
    expect(history.state).toBe(111);
    history.undo();
    history.undo();
    expect(history.state).toBe(100);
    expect(reasons).toEqual(['apply', 'apply', 'undo', 'remote', 'redo', 'undo', 'undo']);
  });

  it('must restore whole states on undo without a rebase option (remote changes included)', () => {
    const history = createHistory(0);
    history.apply((n) => n + 1);
    history.applyRemote((n) => n + 100);
    history.undo();
    expect(history.state).toBe(0);
  });

  it("must undo only the fields a step changed, leaving a collaborator's later change of another field", () => {
    const history = documentHistory([rect('r')]);
    history.apply(on(updateAnnotation('r', { position: { x: 50, y: 50 } })), 'Move');
    history.applyRemote(on((list) => list.map((a) => ({ ...a, color: '#ff0000' }))));
    history.undo();
    expect([field(history.state, 'r', 'position'), field(history.state, 'r', 'color')]).toEqual([{ x: 0, y: 0 }, '#ff0000']);
    history.redo();
    expect([field(history.state, 'r', 'position'), field(history.state, 'r', 'color')]).toEqual([{ x: 50, y: 50 }, '#ff0000']);
  });

  it("must undo one's reply and keep the reply a collaborator wrote meanwhile in the same thread", () => {
    const reply = (id: string) => ({ id, content: id, createdAt: '2026-11-28T10:00:00.000Z', updatedAt: '2026-11-28T10:00:00.000Z' });
    const history = documentHistory([rect('r')]);
    history.apply(on(updateAnnotation('r', { replies: [reply('mine')] })), 'Reply');
    history.applyRemote(on((list) => list.map((a) => ({ ...a, replies: [...(a.replies ?? []), reply('theirs')] }))));
    history.undo();
    expect(field(history.state, 'r', 'replies')).toEqual([reply('theirs')]);
    history.redo();
    expect(field(history.state, 'r', 'replies')).toEqual([reply('mine'), reply('theirs')]);
  });

  it("must leave a field a collaborator changed since the step, and an annotation they deleted, as they are", () => {
    const history = documentHistory([rect('r'), rect('s')]);
    history.apply(on((list) => list.map((a) => ({ ...a, color: '#00ff00' }))), 'Colour both');
    history.applyRemote(on((list) => list.filter((a) => a.id !== 's').map((a) => ({ ...a, color: '#0000ff' }))));
    history.undo();
    expect(ids(history.state)).toEqual(['r']);
    expect(field(history.state, 'r', 'color')).toBe('#0000ff');
  });

  it('must put back a deleted annotation after the one it followed, among annotations added remotely', () => {
    const history = documentHistory([rect('a'), rect('b'), rect('c')]);
    history.apply(on(removeAnnotations(['b'])), 'Delete');
    history.applyRemote(on((list) => [rect('first'), ...list, rect('last')]));
    history.undo();
    expect(ids(history.state)).toEqual(['first', 'a', 'b', 'c', 'last']);
    history.redo();
    expect(ids(history.state)).toEqual(['first', 'a', 'c', 'last']);
  });

  it('must undo a reorder of its own annotations in the places they hold now', () => {
    const [a, b, c, x] = [rect('a'), rect('b'), rect('c'), rect('x')];
    expect(rebaseAnnotations([a, b, c], [c, a, b], [x, a, b, c])).toEqual([x, c, a, b]);
    const history = documentHistory([a, b]);
    history.apply(on(() => [b, a]), 'Bring to front');
    history.applyRemote(on((list) => [...list, c]));
    history.undo();
    expect(ids(history.state)).toEqual(['a', 'b', 'c']);
  });

  it("must keep a remote change that lands during an open transaction when the transaction is cancelled", () => {
    const history = documentHistory([rect('r'), rect('s')]);
    const gesture = history.begin('Move');
    history.apply(on(updateAnnotation('r', { position: { x: 9, y: 9 } })));
    history.applyRemote(on(addAnnotation(rect('t'))));
    gesture.cancel();
    expect(ids(history.state)).toEqual(['r', 's', 't']);
    expect(field(history.state, 'r', 'position')).toEqual({ x: 0, y: 0 });
    expect(history.canUndo).toBe(false);
  });

  it('must give back the step\'s own state when nothing moved on, and the same list when nothing applies', () => {
    const before = [rect('r')];
    const after = [{ ...rect('r'), color: '#ff0000' } as Annotation];
    expect(rebaseAnnotations(before, after, before)).toBe(after);
    const elsewhere = [rect('other')];
    expect(rebaseAnnotations(before, after, elsewhere)).toBe(elsewhere);
  });
});

describe('form values in a rebased document', () => {
  it('must undo only the fields a step changed, keeping the values set since by others', () => {
    const start: DocumentState = { pdf: null, annotations: [], formValues: { name: 'Ada' } };
    const mine: DocumentState = { ...start, formValues: { name: 'Ada', zip: '75001' } };
    const theirs: DocumentState = { ...mine, formValues: { name: 'Grace', zip: '75001' } };
    // Undoing my step (mine -> start) over their change takes back the zip code alone.
    expect(rebaseDocument(mine, start, theirs).formValues).toEqual({ name: 'Grace' });
    // Nothing of the form changed: the state keeps its own values object.
    const moved: DocumentState = { ...theirs, annotations: [] };
    expect(rebaseDocument(start, { ...start, annotations: [] }, moved).formValues).toBe(theirs.formValues);
  });
});
