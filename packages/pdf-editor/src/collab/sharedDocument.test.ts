import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { AnnotationValidationError } from '../core/errors';
import { normalizeAnnotation } from '../core/model/defaults';
import type { Annotation } from '../core/model/types';
import { ANNOTATION_TYPES } from '../core/model/schema';
import { everyTypeAt } from '../test-support/annotationFixtures';
import { readAnnotations, writeAnnotations } from './sharedDocument';

const rect = (id: string, x = 0) => normalizeAnnotation({ id, type: 'rectangle', page: 1, position: { x, y: 0 }, width: 10, height: 10 });

/** A second collaborator's copy of `doc`. */
function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** Both docs get what the other has: they are in sync afterwards. */
function sync(a: Y.Doc, b: Y.Doc) {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB);
  Y.applyUpdate(a, toA);
}

const ids = (annotations: readonly Annotation[]) => annotations.map((annotation) => annotation.id);

describe('the shared document of annotations', () => {
  it('reads back every kind as it was written, in order, and says when nothing changed', () => {
    const { annotations } = everyTypeAt(2, { x: 10, y: 20 });
    expect(new Set(annotations.map((annotation) => annotation.type))).toEqual(new Set(ANNOTATION_TYPES));
    const doc = new Y.Doc();
    expect(writeAnnotations(doc, annotations)).toBe(true);
    expect(readAnnotations(doc)).toEqual(annotations);
    expect(readAnnotations(copyOf(doc))).toEqual(annotations);
    expect(writeAnnotations(doc, structuredClone(annotations))).toBe(false);
    expect(doc.getMap('meta').get('version')).toBe(1);
  });

  it('writes only what changed: a field set, a field removed, one deleted, one added in its place, a reorder', () => {
    const doc = new Y.Doc();
    const [a, b, c] = [rect('a'), rect('b'), rect('c')];
    writeAnnotations(doc, [a, b, c]);
    const writes: string[] = [];
    doc.on('afterTransaction', (transaction: Y.Transaction) => {
      for (const [type, keys] of transaction.changed) {
        const name = type instanceof Y.Array ? 'order' : type instanceof Y.Map && type.has('type') ? String(type.get('id')) : 'annotations';
        writes.push(...[...keys].map((key) => `${name}:${key ?? 'items'}`));
      }
    });
    const recoloured = { ...a, color: '#ff0000', label: 'x' };
    writeAnnotations(doc, [recoloured, b, c]);
    expect(writes.sort()).toEqual(['a:color', 'a:label']);
    writes.length = 0;
    const { label: _dropped, ...unlabelled } = recoloured;
    const d = rect('d');
    expect(writeAnnotations(doc, [c, unlabelled, d, b], 'me')).toBe(true);
    expect(writes.sort()).toEqual(['a:label', 'annotations:d', 'order:items']);
    expect(readAnnotations(doc)).toEqual([c, unlabelled, d, b]);
    writeAnnotations(doc, [d]);
    expect(readAnnotations(doc)).toEqual([d]);
    expect([...doc.getMap('annotations').keys()]).toEqual(['d']);
  });

  it('keeps both of two concurrent edits of one annotation: a move on one side, a recolour on the other', () => {
    const a = new Y.Doc();
    writeAnnotations(a, [rect('r'), rect('s')]);
    const b = copyOf(a);
    const [r, s] = readAnnotations(a) as [Annotation & { position: { x: number; y: number } }, Annotation];
    writeAnnotations(a, [{ ...r, position: { x: 50, y: 60 } }, s]);
    writeAnnotations(b, [{ ...r, color: '#00ff00' }, s]);
    sync(a, b);
    expect(readAnnotations(a)).toEqual(readAnnotations(b));
    expect(readAnnotations(a)[0]).toMatchObject({ id: 'r', position: { x: 50, y: 60 }, color: '#00ff00' });
  });

  it('keeps both of two annotations added concurrently, and a reorder made meanwhile', () => {
    const a = new Y.Doc();
    writeAnnotations(a, [rect('p'), rect('q')]);
    const b = copyOf(a);
    writeAnnotations(a, [rect('q'), rect('p'), rect('fromA')]);
    writeAnnotations(b, [rect('fromB'), rect('p'), rect('q')]);
    sync(a, b);
    expect(ids(readAnnotations(a))).toEqual(ids(readAnnotations(b)));
    expect(ids(readAnnotations(a)).sort()).toEqual(['fromA', 'fromB', 'p', 'q']);
    expect(ids(readAnnotations(a)).filter((id) => id === 'p' || id === 'q')).toEqual(['q', 'p']);
  });

  it('reads an id moved on both sides at once in one place only', () => {
    const a = new Y.Doc();
    writeAnnotations(a, [rect('x'), rect('y'), rect('z')]);
    const b = copyOf(a);
    writeAnnotations(a, [rect('y'), rect('z'), rect('x')]);
    writeAnnotations(b, [rect('y'), rect('x'), rect('z')]);
    sync(a, b);
    expect(a.getArray('order').length).toBe(4);
    expect(ids(readAnnotations(a))).toEqual(ids(readAnnotations(b)));
    expect(ids(readAnnotations(a)).sort()).toEqual(['x', 'y', 'z']);
  });

  it('deletes an annotation one side deleted while the other changed it', () => {
    const a = new Y.Doc();
    writeAnnotations(a, [rect('gone'), rect('kept')]);
    const b = copyOf(a);
    writeAnnotations(a, [rect('kept')]);
    writeAnnotations(b, [{ ...rect('gone'), color: '#123456' }, rect('kept')]);
    sync(a, b);
    expect(ids(readAnnotations(a))).toEqual(['kept']);
    expect(ids(readAnnotations(b))).toEqual(['kept']);
  });

  it('throws the core AnnotationValidationError naming the id and field of invalid content', () => {
    const doc = new Y.Doc();
    writeAnnotations(doc, [rect('ok'), rect('bad')]);
    (doc.getMap('annotations').get('bad') as Y.Map<unknown>).set('width', 'wide');
    const error = (() => {
      try {
        readAnnotations(doc);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AnnotationValidationError);
    expect((error as AnnotationValidationError).issues).toEqual([expect.stringMatching(/^annotations\["bad"\]\.width: /)]);

    const foreign = new Y.Doc();
    foreign.getMap('annotations').set('plain', 'not a map');
    foreign.getMap('annotations').set('other', new Y.Map(Object.entries({ ...rect('x') })));
    expect(() => readAnnotations(foreign)).toThrow(/annotations\["other"\]\.id: "x" differs from its key; annotations\["plain"\]: expected an annotation object/);

    const newer = new Y.Doc();
    newer.getMap('meta').set('version', 2);
    expect(() => readAnnotations(newer)).toThrow(AnnotationValidationError);
  });

  it('skips ids with no entry and reads entries missing from the order after the others', () => {
    const doc = new Y.Doc();
    writeAnnotations(doc, [rect('b'), rect('a')]);
    doc.getArray<string>('order').insert(0, ['ghost']);
    doc.getMap('annotations').set('late', new Y.Map(Object.entries({ ...rect('late') })));
    expect(ids(readAnnotations(doc))).toEqual(['b', 'a', 'late']);
  });
});
