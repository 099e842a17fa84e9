// JSON in and out of the model. `parseAnnotations` is strict (it names the index and field of every
// problem) and `serializeAnnotations` is its exact inverse: ids, timestamps and image data URLs survive.
import type { z } from 'zod';
import { AnnotationValidationError } from '../errors';
import { annotationSchema } from './schema';
import type { Annotation } from './types';

/** Version written by `serializeAnnotations`; `parseAnnotations` also accepts a bare array. */
export const ANNOTATIONS_FORMAT_VERSION = 1;

interface SerializedAnnotations {
  version: number;
  annotations: unknown;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');
}

function describeIssue(issue: z.core.$ZodIssue, itemIndex: number): string {
  const field = issue.path.length ? `.${formatPath(issue.path)}` : '';
  return `annotations[${itemIndex}]${field}: ${issue.message}`;
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
 * Validates annotations from JSON text or an already parsed value. Throws an
 * `AnnotationValidationError` listing every problem as `annotations[i].field: message`.
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
  const items = unwrap(value);
  const issues: string[] = [];
  const annotations: Annotation[] = [];
  items.forEach((item, index) => {
    const result = annotationSchema.safeParse(item);
    if (result.success) annotations.push(result.data);
    else for (const issue of result.error.issues) issues.push(describeIssue(issue, index));
  });
  if (issues.length > 0) {
    const shown = issues.slice(0, 5).join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    throw new AnnotationValidationError(`Invalid annotations: ${shown}${more}`, issues);
  }
  return annotations;
}

/** Writes annotations as versioned JSON that `parseAnnotations` reads back identically. */
export function serializeAnnotations(annotations: readonly Annotation[]): string {
  return JSON.stringify({ version: ANNOTATIONS_FORMAT_VERSION, annotations });
}
