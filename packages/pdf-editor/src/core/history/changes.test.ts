import { describe, expect, it } from 'vitest';
import { AnnotationValidationError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { AnnotationChangesError, applyAnnotationChanges, parseAnnotationChanges, toAnnotationChanges } from './changes';
import { diffAnnotations } from './diff';

const box = (id: string, x = 0): Annotation => normalizeAnnotation({ type: 'rectangle', page: 1, id, position: { x, y: 0 } });
const moved = (annotation: Annotation, x: number): Annotation => ({ ...annotation, position: { x, y: 0 } });
const ids = (list: readonly Annotation[]) => list.map((a) => a.id);

describe('annotation changes', () => {
  const [a, b, c, d] = [box('a'), box('b'), box('c'), box('d')];

  it('must rebuild the new list from the old one and the diff, through JSON', () => {
    const before = [a, b, c];
    const after = [moved(a, 50), c, d];
    const changes = toAnnotationChanges(diffAnnotations(before, after));
    expect(changes).toEqual({ added: [d], updated: [moved(a, 50)], removed: ['b'] });
    const received = parseAnnotationChanges(JSON.parse(JSON.stringify(changes)));
    expect(applyAnnotationChanges(before, received)).toEqual(after);
  });

  it('must give no changes for a reordering diff: the order needs the whole list', () => {
    // Undoing the deletion of b puts it back between a and c.
    expect(toAnnotationChanges(diffAnnotations([a, c], [a, b, c]))).toBeNull();
  });

  it('must refuse updates and removals of unknown ids and adds of existing ones, applying nothing', () => {
    const list = [a, b];
    expect(() => applyAnnotationChanges(list, { added: [], updated: [c], removed: ['x'] })).toThrow(
      expect.objectContaining({ name: 'AnnotationChangesError', reason: 'unknown-id', ids: ['c', 'x'] }),
    );
    const duplicate = (() => {
      try {
        applyAnnotationChanges(list, { added: [moved(b, 9)], updated: [], removed: [] });
      } catch (error) {
        return error;
      }
    })();
    expect(duplicate).toBeInstanceOf(AnnotationChangesError);
    expect(duplicate).toMatchObject({ reason: 'duplicate-id', ids: ['b'] });
    expect(ids(list)).toEqual(['a', 'b']);
  });

  it('must name each wrong field, a missing id and an id given twice', () => {
    const read = (input: unknown) => {
      try {
        parseAnnotationChanges(input);
      } catch (error) {
        expect(error).toBeInstanceOf(AnnotationValidationError);
        return (error as AnnotationValidationError).issues;
      }
      throw new Error('expected a validation error');
    };
    expect(read({ added: [{ id: 'n', type: 'rectangle', page: 'one' }] })).toEqual([expect.stringMatching(/^added\[0\]\.page: /)]);
    expect(read({ updated: [{ type: 'rectangle', page: 1 }], removed: [3] })).toEqual([
      'removed[0]: expected an annotation id (a non-empty string)',
      'updated[0].id: required (a change names the annotation it touches)',
    ]);
    // Every problem at once, not the first one found.
    expect(read({ updated: [{ type: 'rectangle', page: 'one' }] })).toEqual([
      'updated[0].id: required (a change names the annotation it touches)',
      expect.stringMatching(/^updated\[0\]\.page: /),
    ]);
    expect(read({ updated: [a], removed: ['a'] })).toEqual(['"a": appears more than once in added, updated and removed']);
    expect(read({ added: 'all' })).toEqual(['added: expected an array']);
    expect(read([])).toEqual(['changes: expected an object']);
    // Missing lists are empty; partial annotations are completed as parseAnnotations completes them.
    expect(parseAnnotationChanges({ added: [{ id: 'p', type: 'rectangle', page: 2 }] })).toMatchObject({
      added: [{ id: 'p', width: 100, height: 100 }],
      updated: [],
      removed: [],
    });
  });
});
