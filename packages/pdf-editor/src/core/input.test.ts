// Annotations handed to serializeAnnotations and memoryStorage are checked like everywhere else:
// AnnotationValidationError naming the index and field, InvalidInputError for what is not a list.
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './adapters';
import { AnnotationValidationError, InvalidInputError } from './errors';
import { normalizeAnnotation } from './model/defaults';
import { serializeAnnotations } from './model/serialize';
import type { Annotation } from './model/types';

const loose = <T>(value: unknown): T => value as T;
const note = normalizeAnnotation({ type: 'text', page: 1, content: 'Checked' });

function issuesOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AnnotationValidationError);
    return (error as AnnotationValidationError).issues;
  }
  throw new Error('expected the call to throw');
}

describe('annotations given to serializeAnnotations and memoryStorage', () => {
  it.each([
    [
      'serializeAnnotations',
      () => serializeAnnotations([note, loose<Annotation>({ ...note, page: 0 })]),
      /^annotations\[1\]\.page: /,
    ],
    [
      'memoryStorage',
      () => memoryStorage({ 'doc-1': [loose<Annotation>({ ...note, content: 3 })] }),
      /^initial\.doc-1\[0\]\.content: /,
    ],
  ])('%s names the annotation and field that are wrong', (_name, run, issue) => {
    expect(issuesOf(run)).toEqual([expect.stringMatching(issue)]);
  });

  it('refuses a storage seed that is not an object', () => {
    expect(() => memoryStorage(loose([note]))).toThrow(InvalidInputError);
    expect(JSON.parse(serializeAnnotations([note])).annotations).toEqual([note]);
  });
});
