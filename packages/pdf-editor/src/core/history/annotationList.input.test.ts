// The list updates and createHistory check what they are given when they are made, so a caller's
// mistake is a typed error naming the argument, not a broken list found later.
import { describe, expect, it } from 'vitest';
import { AnnotationValidationError, InvalidInputError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import {
  addAnnotation,
  clearAnnotations,
  removeAnnotation,
  removeAnnotations,
  updateAnnotation,
} from './annotationList';
import { createHistory, type HistoryOptions } from './createHistory';

const loose = <T>(value: unknown): T => value as T;

function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

const cases: Array<[label: string, field: string, run: () => unknown]> = [
  ['update with an id that is not a string', 'id', () => updateAnnotation(loose(7), { color: '#ff0000' })],
  ['update with a patch that is not an object', 'patch', () => updateAnnotation('a1', loose('#ff0000'))],
  ['remove an id that is not a string', 'id', () => removeAnnotation(loose({ id: 'a1' }))],
  ['remove ids given as one string', 'ids', () => removeAnnotations('a1')],
  ['remove a list holding a number', 'ids[1]', () => removeAnnotations(loose(['a1', 2]))],
  ['clear page 0', 'page', () => clearAnnotations(0)],
  ["clear page 'x'", 'page', () => clearAnnotations(loose('x'))],
  ['a history limit of -1', 'options.limit', () => createHistory(0, { limit: -1 })],
  ['history options that are not an object', 'options', () => createHistory(0, loose<HistoryOptions>(5))],
];

describe('annotation list updates and history input', () => {
  it.each(cases)('%s is an InvalidInputError naming %s', (_label, field, run) => {
    const error = failure(run);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field });
  });

  it('names the field of an annotation that does not fit the model', () => {
    const note = normalizeAnnotation({ type: 'text', page: 1, content: 'Checked' });
    const error = failure(() => addAnnotation(loose<Annotation>({ ...note, opacity: 2 })));
    expect(error).toBeInstanceOf(AnnotationValidationError);
    expect((error as AnnotationValidationError).issues).toEqual([
      expect.stringMatching(/^annotation\.opacity: /),
    ]);
    expect(addAnnotation(note)([])).toEqual([note]);
  });
});
