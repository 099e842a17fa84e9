// Checks annotations against the model and names every problem as `path.field: message`, so a
// caller sees which annotation and which field to fix. The one place issues are worded, for
// normalizeAnnotation, parseAnnotations and the export's input check.
import type * as z from 'zod';
import { AnnotationValidationError } from '../errors';
import { hostKind, isCustomType, UNREGISTERED_KIND } from '../kinds/hostKinds';
import { ANNOTATION_TYPES, annotationSchema } from './schema';
import type { Annotation, AnnotationType } from './types';

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}

function describe(issue: z.core.$ZodIssue, at: string): string {
  return `${at}${formatPath(issue.path)}: ${issue.message}`;
}

export function isAnnotationType(value: unknown): value is AnnotationType {
  return typeof value === 'string' && (ANNOTATION_TYPES as readonly string[]).includes(value);
}

/**
 * Why `value` cannot be an annotation of a known type before any field is looked at: it is not
 * an object, or its `type` is missing or unknown. Undefined when it can.
 */
export function shapeProblem(value: unknown, at: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${at}: expected an annotation object`;
  const { type } = value as { type?: unknown };
  if (isAnnotationType(type) || isCustomType(type)) return undefined;
  const expected = `expected one of ${ANNOTATION_TYPES.join(', ')} or a host kind's 'custom:...'`;
  return type === undefined ? `${at}.type: missing; ${expected}` : `${at}.type: unknown annotation type ${JSON.stringify(type)}; ${expected}`;
}

/**
 * Checks one complete annotation; `at` prefixes each issue (e.g. `annotations[2]`). A host kind's
 * is checked by its registered schema; one of a kind nobody registered keeps all its fields,
 * the common ones checked (see kinds/hostKinds.ts).
 */
export function checkAnnotation(value: unknown, at: string): { annotation: Annotation; issues: [] } | { issues: string[] } {
  const problem = shapeProblem(value, at);
  if (problem) return { issues: [problem] };
  const { type } = value as { type: unknown };
  const schema: z.ZodType<Annotation> = isCustomType(type) ? (hostKind(type)?.kind.schema ?? UNREGISTERED_KIND.schema) : annotationSchema;
  const result = schema.safeParse(value);
  return result.success ? { annotation: result.data, issues: [] } : { issues: result.error.issues.map((issue) => describe(issue, at)) };
}

/** Throws one AnnotationValidationError listing `issues` (the first five in its message). */
export function throwIssues(what: string, issues: readonly string[]): never {
  const shown = issues.slice(0, 5).join('; ');
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  throw new AnnotationValidationError(`Invalid ${what}: ${shown}${more}`, issues);
}

/**
 * The complete annotations a function was given as `field`, checked without filling anything in
 * (an export must draw what the caller holds). Throws AnnotationValidationError naming each
 * index and field that is wrong.
 */
export function checkAnnotationList(value: unknown, field: string): Annotation[] {
  if (!Array.isArray(value)) throwIssues(field, [`${field}: expected an array of annotations`]);
  return checkItems(value, field, checkAnnotation);
}

/**
 * The annotations `check` makes of `items`, each checked as `field[i]`; throws one
 * AnnotationValidationError listing the issues of them all.
 */
export function checkItems(
  items: readonly unknown[],
  field: string,
  check: (item: unknown, at: string) => ReturnType<typeof checkAnnotation>,
): Annotation[] {
  const issues: string[] = [];
  const annotations: Annotation[] = [];
  items.forEach((item, index) => {
    const checked = check(item, `${field}[${index}]`);
    if ('annotation' in checked) annotations.push(checked.annotation);
    else issues.push(...checked.issues);
  });
  if (issues.length > 0) throwIssues(field, issues);
  return annotations;
}
