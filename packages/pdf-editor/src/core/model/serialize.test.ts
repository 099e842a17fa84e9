import { describe, expect, it } from 'vitest';
import { AnnotationValidationError } from '../errors';
import { normalizeAnnotation } from './defaults';
import { parseAnnotations, serializeAnnotations } from './serialize';
import type { Annotation } from './types';

const PNG_DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function oneOfEach(): Annotation[] {
  return [
    normalizeAnnotation({ type: 'text', page: 1, content: 'Hello\nworld', fontWeight: 'bold' }),
    normalizeAnnotation({ type: 'highlight', page: 1, rects: [{ x: 1, y: 2, width: 3, height: 4 }] }),
    normalizeAnnotation({ type: 'strikethrough', page: 2 }),
    normalizeAnnotation({ type: 'underline', page: 2 }),
    normalizeAnnotation({ type: 'rectangle', page: 1, fillStyle: 'solid', fillColor: '#00FF00' }),
    normalizeAnnotation({ type: 'circle', page: 1 }),
    normalizeAnnotation({ type: 'arrow', page: 1, position: { x: 10, y: 10 } }),
    normalizeAnnotation({ type: 'freehand', page: 1, points: [{ x: 1, y: 1 }, { x: 5, y: 8 }] }),
    normalizeAnnotation({ type: 'image', page: 1, imageData: PNG_DOT }),
    normalizeAnnotation({ type: 'signature', page: 1, imageData: PNG_DOT }),
    normalizeAnnotation({ type: 'whiteout', page: 1 }),
    normalizeAnnotation({ type: 'comment', page: 1, content: 'Check this' }),
  ];
}

describe('normalizeAnnotation', () => {
  it('fills the spec defaults', () => {
    const text = normalizeAnnotation({ type: 'text', page: 1 });
    expect(text).toMatchObject({ fontSize: 16, fontFamily: 'Arial', strokeWidth: 2, color: '#000000', opacity: 1 });
    expect(text.id).toMatch(/^[\w-]{21}$/);
    expect(Date.parse(text.createdAt)).not.toBeNaN();
    expect(normalizeAnnotation({ type: 'rectangle', page: 1 })).toMatchObject({ width: 100, height: 100 });
    expect(normalizeAnnotation({ type: 'circle', page: 1 }).radius).toBe(50);
    const highlight = normalizeAnnotation({ type: 'highlight', page: 1 });
    expect(highlight).toMatchObject({ width: 100, height: 20, color: '#FFFF00' });
    expect(normalizeAnnotation({ type: 'underline', page: 1 })).toMatchObject({ width: 100, height: 20 });
  });

  it('throws a typed error naming the field for an unknown type or a wrong value', () => {
    const unknownType = { type: 'hexagon', page: 1 } as unknown as Parameters<typeof normalizeAnnotation>[0];
    expect(() => normalizeAnnotation(unknownType)).toThrow(AnnotationValidationError);
    expect(() => normalizeAnnotation(unknownType)).toThrow(/annotation\.type: unknown annotation type "hexagon"/);
    expect(() => normalizeAnnotation({ type: 'rectangle', page: 0 })).toThrow(/annotation\.page: /);
    const wrongColor = { type: 'rectangle', page: 1, color: 5 } as unknown as Parameters<typeof normalizeAnnotation>[0];
    expect(() => normalizeAnnotation(wrongColor)).toThrow(/annotation\.color: /);
  });

  it('keeps what is given, including id and timestamps', () => {
    const given = normalizeAnnotation({ type: 'circle', page: 3, id: 'abc', radius: 7, createdAt: '2024-01-01T00:00:00.000Z' });
    expect(given).toMatchObject({ id: 'abc', radius: 7, page: 3, createdAt: '2024-01-01T00:00:00.000Z' });
  });
});

describe('parseAnnotations and serializeAnnotations', () => {
  it('round-trips every type without loss', () => {
    const list = oneOfEach();
    const json = serializeAnnotations(list);
    expect(parseAnnotations(json)).toEqual(list);
    expect(parseAnnotations(JSON.parse(json))).toEqual(list);
    // A bare array (the spec's JSON export) reads too.
    expect(parseAnnotations(JSON.stringify(list))).toEqual(list);
  });

  it('rejects invalid JSON with a typed error', () => {
    expect(() => parseAnnotations('[{"type":')).toThrow(AnnotationValidationError);
    expect(() => parseAnnotations('[{"type":')).toThrow(/not valid JSON/);
  });

  it('names the index and field of wrong types', () => {
    const list = oneOfEach() as unknown[];
    list[3] = { ...(list[3] as object), position: { x: 'left', y: 0 } };
    try {
      parseAnnotations(list);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AnnotationValidationError);
      expect((error as AnnotationValidationError).issues[0]).toMatch(/^annotations\[3\]\.position\.x: /);
    }
  });

  it('names an unknown type', () => {
    expect(() => parseAnnotations([{ type: 'sticker', page: 1 }])).toThrow(/annotations\[0\]\.type: unknown annotation type "sticker"; expected one of text, /);
    expect(() => parseAnnotations([{ page: 1 }])).toThrow(/annotations\[0\]\.type: missing/);
    expect(() => parseAnnotations([null])).toThrow(/annotations\[0\]: expected an annotation object/);
  });

  it('completes partial annotations as the spec says: a new id, defaults for what is missing', () => {
    const [text, rectangle, highlight] = parseAnnotations([
      { type: 'text', page: 1, position: { x: 10, y: 20 }, content: 'Hi' },
      { type: 'rectangle', page: 2, color: '#FF0000' },
      { id: 'kept', type: 'highlight', page: 1 },
    ]);
    expect(text).toMatchObject({ content: 'Hi', fontSize: 16, fontFamily: 'Arial', color: '#000000', opacity: 1, strokeWidth: 2 });
    expect(text?.id).toMatch(/^[\w-]{21}$/);
    expect(rectangle).toMatchObject({ width: 100, height: 100, color: '#FF0000', position: { x: 0, y: 0 } });
    expect(highlight).toMatchObject({ id: 'kept', width: 100, height: 20, color: '#FFFF00', opacity: 0.3 });
  });

  it('still rejects wrong values and a missing page in a partial annotation, naming each', () => {
    try {
      parseAnnotations([{ type: 'circle', page: 1, radius: 'big' }, { type: 'text', content: 'no page' }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AnnotationValidationError);
      const { issues } = error as AnnotationValidationError;
      expect(issues.some((issue) => issue.startsWith('annotations[0].radius: '))).toBe(true);
      expect(issues.some((issue) => issue.startsWith('annotations[1].page: '))).toBe(true);
    }
  });

  it('rejects a non-array and a newer format version', () => {
    expect(() => parseAnnotations('{"a":1}')).toThrow(/JSON array/);
    expect(() => parseAnnotations({ version: 99, annotations: [] })).toThrow(/version 99/);
  });
});
