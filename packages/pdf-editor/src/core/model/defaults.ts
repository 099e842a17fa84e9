// The spec's defaults (section 3 and 9), in one place, and `normalizeAnnotation`, which fills them in.
import { nanoid } from 'nanoid';
import { checkAnnotation, shapeProblem, throwIssues } from './check';
import type { Annotation, AnnotationInput, AnnotationOfType, AnnotationType } from './types';

/**
 * The spec's defaults, which `normalizeAnnotation` and the editor's tools fill in: colours as
 * `#RRGGBB`, opacities 0 to 1, sizes in points. `shapeSize`, `markupWidth`/`markupHeight` and
 * `imageSize` are what a click (rather than a drag) creates.
 */
export const DEFAULTS = {
  color: '#000000',
  highlightColor: '#FFFF00',
  whiteoutColor: '#FFFFFF',
  opacity: 1,
  highlightOpacity: 0.3,
  strokeWidth: 2,
  fontSize: 16,
  fontFamily: 'Arial',
  shapeSize: 100,
  markupWidth: 100,
  markupHeight: 20,
  radius: 50,
  imageSize: 200,
  signatureWidth: 200,
  signatureHeight: 80,
  whiteout: { width: 100, height: 20 },
} as const;

/** The whiteout tool's size choices, in points; `medium` is the default. */
export const WHITEOUT_PRESETS = {
  small: { width: 50, height: 15 },
  medium: { width: 100, height: 20 },
  large: { width: 200, height: 40 },
} as const;

type Defaults<T extends AnnotationType> = Omit<AnnotationOfType<T>, keyof CommonFields | 'type'>;
type CommonFields = Pick<Annotation, 'id' | 'page' | 'position' | 'color' | 'opacity' | 'strokeWidth' | 'createdAt' | 'updatedAt'>;

const box = (width: number, height: number) => ({ width, height });

const typeDefaults: { [K in AnnotationType]: () => Defaults<K> } = {
  text: () => ({
    content: '',
    fontSize: DEFAULTS.fontSize,
    fontFamily: DEFAULTS.fontFamily,
    fontWeight: 'normal',
    fontStyle: 'normal',
    textAlign: 'left',
    textDecoration: 'none',
  }),
  highlight: () => box(DEFAULTS.markupWidth, DEFAULTS.markupHeight),
  strikethrough: () => box(DEFAULTS.markupWidth, DEFAULTS.markupHeight),
  underline: () => box(DEFAULTS.markupWidth, DEFAULTS.markupHeight),
  rectangle: () => ({ ...box(DEFAULTS.shapeSize, DEFAULTS.shapeSize), fillStyle: 'none' }),
  circle: () => ({ radius: DEFAULTS.radius }),
  arrow: () => ({ endPoint: { x: DEFAULTS.shapeSize, y: DEFAULTS.shapeSize } }),
  freehand: () => ({ points: [] }),
  image: () => ({ ...box(DEFAULTS.imageSize, DEFAULTS.imageSize), imageData: '' }),
  signature: () => ({ ...box(DEFAULTS.signatureWidth, DEFAULTS.signatureHeight), imageData: '' }),
  whiteout: () => box(DEFAULTS.whiteout.width, DEFAULTS.whiteout.height),
  comment: () => ({ content: '' }),
};

function defaultColor(type: AnnotationType): string {
  if (type === 'highlight') return DEFAULTS.highlightColor;
  if (type === 'whiteout') return DEFAULTS.whiteoutColor;
  return DEFAULTS.color;
}

/** Drops keys whose value is undefined, so they do not overwrite defaults when spread. */
function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Completes a partial annotation with the spec's defaults: a nanoid id, creation and update
 * timestamps, 100x100 shapes, 100x20 markups, radius 50, 16 px Arial, stroke 2, yellow highlight.
 * Fields that are given are kept as they are; an arrow with no end point gets one 100 pt away.
 *
 * @throws AnnotationValidationError when `input` is not an object, its `type` is unknown, or a
 * given field has a wrong value (e.g. `page: 0`, `color: 5`); its `issues` name each field.
 */
export function normalizeAnnotation<T extends AnnotationInput>(input: T): AnnotationOfType<T['type']> {
  const problem = shapeProblem(input, 'annotation');
  if (problem) throwIssues('annotation', [problem]);
  const checked = checkAnnotation(withDefaults(input), 'annotation');
  if (!('annotation' in checked)) throwIssues('annotation', checked.issues);
  return checked.annotation as AnnotationOfType<T['type']>;
}

/** `input` with every missing field filled in; `input.type` must be a known type. */
export function withDefaults(input: AnnotationInput): object {
  const now = new Date().toISOString();
  const given = definedOnly(input);
  const position = input.position ?? { x: 0, y: 0 };
  const common: CommonFields = {
    id: nanoid(),
    page: input.page,
    position,
    color: defaultColor(input.type),
    opacity: input.type === 'highlight' ? DEFAULTS.highlightOpacity : DEFAULTS.opacity,
    strokeWidth: DEFAULTS.strokeWidth,
    createdAt: now,
    updatedAt: input.createdAt ?? now,
  };
  const specific: object = typeDefaults[input.type]();
  if (input.type === 'arrow' && !('endPoint' in given)) {
    Object.assign(specific, { endPoint: { x: position.x + DEFAULTS.shapeSize, y: position.y + DEFAULTS.shapeSize } });
  }
  return { ...common, ...specific, ...given };
}
