// JSON in and out of the model. `parseAnnotations` completes partial annotations with the defaults
// and names the index and field of every wrong value; on complete ones `serializeAnnotations` is
// its exact inverse: ids, timestamps and image data URLs survive.
import { AnnotationValidationError } from '../errors';
import { checkAnnotation, checkAnnotationList, checkItems, shapeProblem } from './check';
import { withDefaults } from './defaults';
import type { Annotation, AnnotationInput } from './types';

/** Version written by `serializeAnnotations`; `parseAnnotations` also accepts a bare array. */
export const ANNOTATIONS_FORMAT_VERSION = 1;

interface SerializedAnnotations {
  version: number;
  annotations: unknown;
}

function unwrap(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && 'annotations' in value) {
    const { version, annotations } = value as SerializedAnnotations;
    if (typeof version === 'number' && version > ANNOTATIONS_FORMAT_VERSION) {
      throw new AnnotationValidationError(
        `Annotations were saved in format version ${version}, newer than this version (${ANNOTATIONS_FORMAT_VERSION}) understands.`,
        [`version: ${version} is not supported`],
      );
    }
    if (Array.isArray(annotations)) return annotations;
  }
  throw new AnnotationValidationError('Annotations must be a JSON array (or { version, annotations }).', [
    'annotations: expected an array',
  ]);
}

/**
 * Reads annotations from JSON text or an already parsed value (an array, or `{ version,
 * annotations }` as `serializeAnnotations` writes), the way the spec describes them: each needs
 * its `type` and `page`; a missing `id` is generated, and every other missing field gets its
 * default, as `normalizeAnnotation` fills them. Only wrong values are errors. The JSON import, the
 * REST API and stored annotations all read through it.
 *
 * @throws AnnotationValidationError listing every problem as `annotations[i].field: message`.
 *
 * @example
 * const [note] = parseAnnotations('[{ "type": "text", "page": 1, "content": "Hi" }]');
 * // note.id is a new nanoid, note.fontSize 16, note.position { x: 0, y: 0 }
 */
export function parseAnnotations(json: string | unknown): Annotation[] {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new AnnotationValidationError(`Annotations are not valid JSON: ${detail}`, [`json: ${detail}`]);
    }
  }
  return readAnnotationItems(unwrap(value), 'annotations');
}

/**
 * `items` read as `parseAnnotations` reads a list, each completed with the defaults; issues are
 * named `field[i].key`. Also reads the lists of a change set (see history/changes.ts).
 */
export function readAnnotationItems(items: readonly unknown[], field: string): Annotation[] {
  return checkItems(items, field, (item, at) => {
    const problem = shapeProblem(item, at);
    return problem ? { issues: [problem] } : checkAnnotation(withDefaults(item as AnnotationInput), at);
  });
}

/** Writes annotations as versioned JSON that `parseAnnotations` reads back identically. */
export function serializeAnnotations(annotations: readonly Annotation[]): string {
  // Checked, but the caller's objects are written: what is saved is exactly what they hold.
  checkAnnotationList(annotations, 'annotations');
  return JSON.stringify({ version: ANNOTATIONS_FORMAT_VERSION, annotations });
}
