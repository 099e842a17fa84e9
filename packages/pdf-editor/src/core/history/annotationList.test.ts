import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import {
  addAnnotation,
  clearAnnotations,
  removeAnnotation,
  removeAnnotations,
  updateAnnotation,
} from './annotationList';
import { createHistory } from './createHistory';

function sample(): Annotation[] {
  return [
    normalizeAnnotation({ type: 'rectangle', page: 1, id: 'r1', createdAt: '2020-01-01T00:00:00.000Z' }),
    normalizeAnnotation({
      type: 'text',
      page: 1,
      id: 't1',
      content: 'Hello',
      updatedAt: '2020-01-01T00:00:00.000Z',
    }),
    normalizeAnnotation({ type: 'highlight', page: 2, id: 'h1' }),
    normalizeAnnotation({ type: 'circle', page: 3, id: 'c1' }),
  ];
}

describe('annotation list updates in a history', () => {
  it('must add, update and remove annotations as one undoable step each', () => {
    const history = createHistory<readonly Annotation[]>(sample());
    const arrow = normalizeAnnotation({ type: 'arrow', page: 2, id: 'a1' });
    history.apply(addAnnotation(arrow), 'Add arrow');
    history.apply(updateAnnotation('r1', { position: { x: 40, y: 50 } }), 'Move');
    history.apply(removeAnnotation('t1'), 'Delete');
    expect(history.state.map((a) => a.id)).toEqual(['r1', 'h1', 'c1', 'a1']);
    expect(history.undoLabel).toBe('Delete');

    history.undo();
    history.undo();
    expect(history.state.find((a) => a.id === 'r1')?.position).toEqual({ x: 0, y: 0 });
    history.undo();
    expect(history.state.map((a) => a.id)).toEqual(['r1', 't1', 'h1', 'c1']);
  });

  it('must stamp updatedAt and keep every other annotation the same object', () => {
    const list = sample();
    const next = updateAnnotation<'text'>('t1', { content: 'Changed', fontSize: 24 })(list);
    const text = next[1];
    expect(text).toMatchObject({ content: 'Changed', fontSize: 24, id: 't1' });
    expect(text?.updatedAt).not.toBe(list[1]?.updatedAt);
    expect(text?.createdAt).toBe(list[1]?.createdAt);
    expect(next[0]).toBe(list[0]);
    expect(next[2]).toBe(list[2]);
    expect(list[1]).toMatchObject({ content: 'Hello' });
  });

  it('must share unchanged annotations between states after undo (no deep copies)', () => {
    const initial = sample();
    const history = createHistory<readonly Annotation[]>(initial);
    history.apply(updateAnnotation('h1', { color: '#00FF00' }));
    history.apply(removeAnnotation('c1'));
    history.apply(addAnnotation(normalizeAnnotation({ type: 'comment', page: 1 })));
    const current = history.state;
    expect(current[0]).toBe(initial[0]);
    expect(current[1]).toBe(initial[1]);
    history.undo();
    history.undo();
    history.undo();
    expect(history.state).toBe(initial);
    history.redo();
    expect(history.state[2]).not.toBe(initial[2]);
    expect(history.state[0]).toBe(initial[0]);
    expect(history.state[3]).toBe(initial[3]);
  });

  it('must make no step for updates that change nothing', () => {
    const history = createHistory<readonly Annotation[]>(sample());
    history.apply(updateAnnotation('missing', { color: '#FF0000' }));
    history.apply(updateAnnotation('r1', { color: '#000000' }));
    history.apply(removeAnnotation('missing'));
    history.apply(clearAnnotations(9));
    expect(history.canUndo).toBe(false);
  });

  it('must clear one page or all pages', () => {
    const history = createHistory<readonly Annotation[]>(sample());
    history.apply(clearAnnotations(1), 'Clear page 1');
    expect(history.state.map((a) => a.id)).toEqual(['h1', 'c1']);
    history.apply(clearAnnotations(), 'Clear all');
    expect(history.state).toEqual([]);
    history.undo();
    expect(history.state.map((a) => a.page)).toEqual([2, 3]);
    history.undo();
    expect(history.state).toHaveLength(4);
  });

  it('must remove several annotations at once and refuse duplicate ids', () => {
    const list = sample();
    expect(removeAnnotations(['r1', 'c1', 'nope'])(list).map((a) => a.id)).toEqual(['t1', 'h1']);
    expect(() => addAnnotation(normalizeAnnotation({ type: 'circle', page: 1, id: 'c1' }))(list)).toThrow(
      /already/,
    );
  });
});
