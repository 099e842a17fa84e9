import { describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import {
  addAnnotation,
  removeAnnotation,
  updateAnnotation,
  type AnnotationListUpdate,
} from './annotationList';
import { createHistory } from './createHistory';
import { diffDocument, squashDocumentDiffs, type DocumentDiff, type DocumentState } from './diff';
import { pdfRevision } from '../pages/pdfRevision';

const increment = (n: number) => n + 1;
const add = (k: number) => (n: number) => n + k;

describe('createHistory', () => {
  it('must undo and redo steps in order and report what is possible', () => {
    const history = createHistory(0);
    expect(history.canUndo).toBe(false);
    history.apply(increment, 'One');
    history.apply(add(10), 'Ten');
    expect(history.state).toBe(11);
    expect(history.undoLabel).toBe('Ten');

    expect(history.undo()).toBe(true);
    expect(history.state).toBe(1);
    expect(history.redoLabel).toBe('Ten');
    expect(history.undo()).toBe(true);
    expect(history.state).toBe(0);
    expect(history.undo()).toBe(false);
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(true);

    history.redo();
    history.redo();
    expect(history.state).toBe(11);
    expect(history.redo()).toBe(false);
  });

  it('must keep only the last 50 steps by default (51 steps give 50 undos)', () => {
    const history = createHistory(0);
    for (let i = 0; i < 51; i++) history.apply(increment);
    let undos = 0;
    while (history.undo()) undos++;
    expect(undos).toBe(50);
    expect(history.state).toBe(1);
  });

  it('must honour a custom limit for transactions and merged runs too', () => {
    const history = createHistory(0, { limit: 3 });
    for (let i = 0; i < 5; i++) {
      history.transaction(() => {
        history.apply(increment);
        history.apply(increment);
      });
    }
    expect(history.undoCount).toBe(3);
    expect(() => createHistory(0, { limit: -1 })).toThrow(InvalidInputError);
    expect(() => createHistory(0, { limit: 2.5 })).toThrow(/^options\.limit: /);
  });

  it('must empty the redo stack when a new step is made', () => {
    const history = createHistory(0);
    history.apply(increment);
    history.apply(increment);
    history.undo();
    expect(history.canRedo).toBe(true);
    history.apply(add(5));
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBe(false);
    expect(history.state).toBe(6);
  });

  it('must treat an update returning the same state as a no-op', () => {
    const history = createHistory({ n: 1 });
    const listener = vi.fn();
    history.subscribe(listener);
    history.apply((s) => ({ n: s.n + 1 }));
    history.undo();
    listener.mockClear();
    history.apply((s) => s, 'Nothing');
    expect(history.canUndo).toBe(false);
    expect(history.canRedo).toBe(true);
    expect(listener).not.toHaveBeenCalled();
  });

  it('must make a whole drag one step, with nested transactions folded in', () => {
    const history = createHistory({ x: 0, y: 0 });
    const seen: number[] = [];
    history.subscribe((s) => seen.push(s.x));
    history.transaction(() => {
      for (let i = 1; i <= 5; i++) history.apply((p) => ({ ...p, x: i }));
      history.transaction(() => history.apply((p) => ({ ...p, y: 9 })), 'inner');
      expect(history.canUndo).toBe(false);
    }, 'Move');
    expect(seen).toEqual([1, 2, 3, 4, 5, 5, 5]);
    expect(history.undoCount).toBe(1);
    expect(history.undoLabel).toBe('Move');
    history.undo();
    expect(history.state).toEqual({ x: 0, y: 0 });
    history.redo();
    expect(history.state).toEqual({ x: 5, y: 9 });
  });

  it('must roll back to the state before the transaction when it throws', () => {
    const history = createHistory(0);
    history.apply(increment);
    const before = history.state;
    const rollback = vi.fn();
    history.subscribe((_s, change) => change.reason === 'rollback' && rollback());
    expect(() =>
      history.transaction(() => {
        history.apply(add(100));
        history.begin('left open by the failing code');
        history.apply(add(100));
        throw new Error('drop failed');
      }),
    ).toThrow('drop failed');
    expect(history.state).toBe(before);
    expect(history.inTransaction).toBe(false);
    expect(history.undoCount).toBe(1);
    expect(rollback).toHaveBeenCalledTimes(1);
    expect(history.transaction(() => 'ok')).toBe('ok');
    expect(history.undoCount).toBe(1);
  });

  it('must let a gesture span events and bail back on cancel', () => {
    const history = createHistory(0);
    const drag = history.begin('Drag');
    history.apply(add(3));
    history.apply(add(4));
    expect(history.undo()).toBe(false);
    drag.cancel();
    expect(history.state).toBe(0);
    expect(history.canUndo).toBe(false);
    expect(() => drag.commit()).toThrow(/already closed/);

    const outer = history.begin('Outer');
    const inner = history.begin('Inner');
    expect(() => outer.commit()).toThrow(/inner/);
    history.apply(increment);
    inner.commit();
    outer.commit();
    expect(history.undoCount).toBe(1);
    expect(history.undoLabel).toBe('Outer');
  });

  it('must merge consecutive applies with the same mergeKey into one step', () => {
    const history = createHistory('#000000');
    history.apply(() => '#111111', { label: 'Colour', mergeKey: 'color:a' });
    history.apply(() => '#222222', { label: 'Colour', mergeKey: 'color:a' });
    history.apply(() => '#333333', { label: 'Colour', mergeKey: 'color:a' });
    expect(history.undoCount).toBe(1);
    history.apply(() => '#444444', { mergeKey: 'color:b' });
    history.apply(() => '#555555', { mergeKey: 'color:a' });
    expect(history.undoCount).toBe(3);
    history.undo();
    history.undo();
    expect(history.state).toBe('#333333');
    history.undo();
    expect(history.state).toBe('#000000');

    // After an undo, the same key starts a new step instead of rewriting history.
    history.redo();
    history.apply(() => '#666666', { mergeKey: 'color:a' });
    expect(history.undoCount).toBe(2);
    history.undo();
    expect(history.state).toBe('#333333');
  });

  it('must notify subscribers after every change until they unsubscribe', () => {
    const history = createHistory(0);
    const reasons: string[] = [];
    const states: number[] = [];
    const unsubscribe = history.subscribe((state, change) => {
      reasons.push(change.reason);
      states.push(state);
    });
    history.apply(increment);
    history.undo();
    history.redo();
    history.clear();
    history.reset(42);
    unsubscribe();
    history.apply(increment);
    expect(reasons).toEqual(['apply', 'undo', 'redo', 'clear', 'reset']);
    expect(states).toEqual([1, 0, 1, 1, 42]);
    expect(history.state).toBe(43);
  });

  it('must empty both stacks on clear and reset but keep the state on clear', () => {
    const history = createHistory(0);
    history.apply(increment);
    history.apply(increment);
    history.undo();
    history.clear();
    expect([history.state, history.canUndo, history.canRedo]).toEqual([1, false, false]);
    history.apply(increment);
    history.reset(7);
    expect([history.state, history.undoCount, history.redoCount]).toEqual([7, 0, 0]);
  });
});

describe('createHistory with diffs', () => {
  const pdf = pdfRevision(new Uint8Array([1, 2, 3]));
  const rect = normalizeAnnotation({ type: 'rectangle', page: 1, id: 'rect', position: { x: 50, y: 50 } });
  const arrow = normalizeAnnotation({ type: 'arrow', page: 1, id: 'arrow' });
  const none: DocumentDiff = {
    added: [],
    updated: [],
    removed: [],
    reordered: false,
    documentChanged: false,
  };
  const find = (state: DocumentState, id: string) => state.annotations.find((a) => a.id === id)!;
  const onList =
    (update: AnnotationListUpdate) =>
    (doc: DocumentState): DocumentState => ({ ...doc, annotations: update(doc.annotations) });

  function editor() {
    const history = createHistory<DocumentState, DocumentDiff>(
      { pdf, annotations: [] },
      { diff: diffDocument },
    );
    const heard: { reason: string; label?: string; diff: DocumentDiff }[] = [];
    history.subscribe((_state, { reason, label, diff }) => heard.push({ reason, label, diff }));
    // What the listener heard since the last call.
    const since = () => heard.splice(0);
    return { history, since };
  }

  it('must tell listeners what each user action, undo and redo changed', () => {
    const { history, since } = editor();
    history.apply(onList(addAnnotation(rect)), 'Add rectangle');
    history.apply(onList(addAnnotation(arrow)), 'Add arrow');
    expect(since()).toEqual([
      { reason: 'apply', label: 'Add rectangle', diff: { ...none, added: [rect] } },
      { reason: 'apply', label: 'Add arrow', diff: { ...none, added: [arrow] } },
    ]);

    // A drag: each pointer move is heard live, the commit adds nothing, the undo reverts it all.
    const drag = history.begin('Move rectangle');
    history.apply(onList(updateAnnotation('rect', { position: { x: 60, y: 50 } })));
    const halfway = find(history.state, 'rect');
    history.apply(onList(updateAnnotation('rect', { position: { x: 80, y: 50 } })));
    const dropped = find(history.state, 'rect');
    drag.commit();
    expect(since().map(({ reason, diff }) => [reason, diff])).toEqual([
      ['apply', { ...none, updated: [[rect, halfway]] }],
      ['apply', { ...none, updated: [[halfway, dropped]] }],
      ['apply', none],
    ]);

    // A colour slider: three merged applies, one step whose undo is their squashed inverse.
    for (const color of ['#111111', '#222222', '#333333']) {
      history.apply(onList(updateAnnotation('rect', { color })), { label: 'Colour', mergeKey: 'color:rect' });
    }
    const recoloured = find(history.state, 'rect');
    expect(since()).toHaveLength(3);
    history.undo();
    expect(since()).toEqual([
      { reason: 'undo', label: 'Colour', diff: { ...none, updated: [[recoloured, dropped]] } },
    ]);
    history.redo();
    expect(since()).toEqual([
      { reason: 'redo', label: 'Colour', diff: { ...none, updated: [[dropped, recoloured]] } },
    ]);

    // Delete, then undo: the rectangle comes back below the arrow, out of append order.
    history.apply(onList(removeAnnotation('rect')), 'Delete');
    history.undo();
    expect(since()).toEqual([
      { reason: 'apply', label: 'Delete', diff: { ...none, removed: [recoloured] } },
      { reason: 'undo', label: 'Delete', diff: { ...none, added: [recoloured], reordered: true } },
    ]);
    history.undo();
    history.undo();
    expect(since().map(({ diff }) => diff)).toEqual([
      { ...none, updated: [[recoloured, dropped]] },
      { ...none, updated: [[dropped, rect]] },
    ]);
  });

  it('must tell a cancelled gesture as the inverse of what it did live', () => {
    const { history, since } = editor();
    history.apply(onList(addAnnotation(rect)), 'Add rectangle');
    since();
    const note = normalizeAnnotation({ type: 'text', page: 1, id: 'note', content: 'Draft' });
    const gesture = history.begin('Add note');
    history.apply(onList(addAnnotation(note)));
    history.apply(onList(updateAnnotation('note', { content: 'Draft 2' })));
    history.apply(onList(removeAnnotation('rect')));
    const typed = find(history.state, 'note');
    gesture.cancel();
    const [added, edited, removed, rollback] = since();
    expect(rollback).toEqual({
      reason: 'rollback',
      label: 'Add note',
      diff: { ...none, added: [rect], removed: [typed] },
    });
    // Squashed, everything heard since the gesture began is nothing at all.
    const heard = [added!.diff, edited!.diff, removed!.diff, rollback!.diff];
    expect(squashDocumentDiffs(heard)).toEqual({ ...none, reordered: true });
    expect(history.state.annotations).toEqual([rect]);
  });

  it('must make a transaction one step whose undo is its squashed inverse', () => {
    const { history, since } = editor();
    history.apply(onList(addAnnotation(arrow)), 'Add arrow');
    const rotatedPdf = pdf.next(new Uint8Array([1, 2, 3, 4]));
    history.transaction(() => {
      history.apply(onList(addAnnotation(rect)));
      history.apply(onList(updateAnnotation('rect', { color: '#FF0000' })));
      history.apply(onList(removeAnnotation('rect')));
      history.apply(onList(updateAnnotation('arrow', { page: 2 })));
      history.apply((doc) => ({ ...doc, pdf: rotatedPdf }));
    }, 'Rotate page');
    const onPage2 = find(history.state, 'arrow');
    since();
    history.undo();
    expect(since()).toEqual([
      {
        reason: 'undo',
        label: 'Rotate page',
        diff: { ...none, updated: [[onPage2, arrow]], documentChanged: true },
      },
    ]);
  });

  it('must say what a reset replaced, and nothing for a clear', () => {
    const { history, since } = editor();
    history.apply(onList(addAnnotation(rect)), 'Add rectangle');
    since();
    history.clear();
    history.reset({ pdf: pdfRevision(new Uint8Array([9])), annotations: [arrow] });
    expect(since().map(({ reason, diff }) => [reason, diff])).toEqual([
      ['clear', none],
      ['reset', { ...none, added: [arrow], removed: [rect], documentChanged: true }],
    ]);
  });

  it('must work the diff out once, for the first listener that reads it', () => {
    const diff = vi.fn((before: number, after: number) => after - before);
    const history = createHistory(0, { diff });
    const seen: number[] = [];
    history.subscribe((_n, change) => seen.push(change.diff));
    history.subscribe((_n, change) => seen.push(change.diff));
    history.subscribe(() => undefined);
    history.apply(add(5));
    history.undo();
    expect(seen).toEqual([5, 5, -5, -5]);
    expect(diff).toHaveBeenCalledTimes(2);
    const silent = createHistory(0, { diff });
    silent.subscribe(() => undefined);
    silent.apply(add(1));
    expect(diff).toHaveBeenCalledTimes(2);
    expect(() => createHistory(0, { diff: 'yes' } as never)).toThrow(/^options\.diff: /);
  });
});
