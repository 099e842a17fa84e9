// The spec's defaults (section 3 and 9), in one place, and `normalizeAnnotation`, which fills them in.
import { nanoid } from 'nanoid';
import { kindOf } from '../kinds/registry';
import { checkAnnotation, shapeProblem, throwIssues } from './check';
import { DEFAULTS } from './defaultValues';
import { requireKind } from '../kinds/hostKinds';
import type { Annotation, AnnotationInput, AnnotationOfType, CustomAnnotation, CustomAnnotationInput } from './types';

export { DEFAULTS, WHITEOUT_PRESETS } from './defaultValues';

type CommonFields = Pick<Annotation, 'id' | 'page' | 'position' | 'color' | 'opacity' | 'strokeWidth' | 'createdAt' | 'updatedAt'>;

/** Drops keys whose value is undefined, so they do not overwrite defaults when spread. */
export function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Completes a partial annotation with the spec's defaults: a nanoid id, creation and update
 * timestamps, 100x100 shapes, 100x20 markups, radius 50, 16 px Arial, stroke 2, yellow highlight.
 * Fields that are given are kept as they are; an arrow with no end point gets one 100 pt away.
 *
 * A host kind's annotation is made by its registered kind, named as the type argument:
 * `normalizeAnnotation<CheckmarkAnnotation>({ type: 'custom:checkmark', page: 1 })`.
 *
 * @throws AnnotationValidationError when `input` is not an object, its `type` is unknown, or a
 * given field has a wrong value (e.g. `page: 0`, `color: 5`); its `issues` name each field.
 * @throws UnknownKindError when `type` is a host kind's that is not registered.
 */
export function normalizeAnnotation<T extends AnnotationInput>(input: T): AnnotationOfType<T['type']>;
export function normalizeAnnotation<A extends CustomAnnotation>(input: CustomAnnotationInput<A>): A;
export function normalizeAnnotation(input: AnnotationInput | CustomAnnotationInput<CustomAnnotation>): Annotation {
  const problem = shapeProblem(input, 'annotation');
  if (problem) throwIssues('annotation', [problem]);
  requireKind(input.type, 'annotation');
  const checked = checkAnnotation(withDefaults(input), 'annotation');
  if (!('annotation' in checked)) throwIssues('annotation', checked.issues);
  return checked.annotation;
}

/** `input` with every missing field filled in; `input.type` must be a known type. */
export function withDefaults(input: AnnotationInput | CustomAnnotationInput<CustomAnnotation>): object {
  const now = new Date().toISOString();
  const given = definedOnly(input);
  const position = input.position ?? { x: 0, y: 0 };
  const kind = kindOf(input.type);
  const common: CommonFields = {
    id: nanoid(),
    page: input.page,
    position,
    color: kind.style?.color ?? DEFAULTS.color,
    opacity: kind.style?.opacity ?? DEFAULTS.opacity,
    strokeWidth: DEFAULTS.strokeWidth,
    createdAt: now,
    updatedAt: input.createdAt ?? now,
  };
  const specific: object = kind.defaults(position);
  return { ...common, ...specific, ...given };
}
