// A host's own annotation kinds: the same contract as the editor's (kind.ts, pdfKind.ts) under a
// type `custom:<name>`, which no built-in type can clash with. They are registered once per
// JavaScript realm (`registerKinds`, or the `kinds` option of createEditor and <PdfEditor>), so
// every lookup the built-in kinds go through (kindOf, pdfKindOf, the import's readers, validation)
// finds them without a registry threaded through every call. The export worker is another realm:
// an export of host-kind annotations runs where they are registered (editor/export/runExport.ts).
//
// An annotation of a kind nobody registered is kept as it is, never dropped: it loads, saves and
// turns with its page, shows nothing and is hit by nothing; making one or exporting it throws
// UnknownKindError naming the kind.
import * as z from 'zod';
import { lazySchema } from '../model/lazySchema';
import { UnknownKindError } from '../errors';
import { checkArray, checkObject, invalid } from '../input';
import type { AnnotationReader } from '../import/readerTypes';
import type { CustomAnnotation, CustomType } from '../model/base';
import { baseFields, customAnnotationSchema } from '../model/fields';
import type { AnnotationKind } from './kind';
import type { PdfKind } from './pdfKind';

export { customAnnotationSchema };

/**
 * The schema of a host kind's annotations: the fields every annotation has, `type`, and the
 * kind's own fields in `shape`, built with zod 4 (the SDK's own dependency, so one copy serves both).
 *
 * @example
 * const checkmarkSchema = hostAnnotationSchema('custom:checkmark', { size: z.number().positive() });
 * type CheckmarkAnnotation = z.infer<typeof checkmarkSchema>;
 */
export function hostAnnotationSchema<T extends CustomType, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.object({ ...baseFields, type: z.literal(type), ...shape });
}

/**
 * A kind of the host's own: its core half (schema, defaults, capabilities, geometry) and its PDF
 * half (flattened drawing, native writing, the native subtypes it reads), as the editor's kinds
 * have them. `A` is its annotations' type, e.g. `z.infer` of a `hostAnnotationSchema`.
 */
export interface HostKind<T extends CustomType = CustomType, A extends CustomAnnotation & { type: T } = CustomAnnotation & { type: T }> {
  kind: AnnotationKind<A>;
  pdf: PdfKind<A>;
}

const registered = new Map<string, HostKind>();

const KIND_PARTS = ['defaults', 'bounds', 'translate', 'handles', 'resize', 'turn'] as const;

/**
 * Registers the host's kinds, so that validation, geometry, exports and imports know them. The
 * same kind object may be registered again (each editor given it does); another kind of a type
 * already registered is refused. Throws InvalidInputError naming the wrong part (`field` prefixes it).
 */
export function registerHostKinds(value: unknown, field: string): void {
  const kinds = new Map<string, HostKind>();
  checkArray(value, field, 'host kinds').forEach((item, index) => {
    const at = `${field}[${index}]`;
    const { kind, pdf } = checkObject(item, at);
    const core = checkObject(kind, `${at}.kind`);
    const { type } = core;
    if (!isCustomType(type)) invalid(`${at}.kind.type`, "a type 'custom:...'", type);
    if (typeof (core.schema as { safeParse?: unknown } | undefined)?.safeParse !== 'function') invalid(`${at}.kind.schema`, 'a zod schema', core.schema);
    for (const part of KIND_PARTS) if (typeof core[part] !== 'function') invalid(`${at}.kind.${part}`, 'a function', core[part]);
    checkObject(core.capabilities, `${at}.kind.capabilities`);
    const half = checkObject(pdf, `${at}.pdf`);
    for (const part of ['draw', 'write'] as const) if (typeof half[part] !== 'function') invalid(`${at}.pdf.${part}`, 'a function', half[part]);
    checkObject(half.reads, `${at}.pdf.reads`);
    const known = kinds.get(type) ?? registered.get(type);
    if (known && known !== item) invalid(`${at}.kind.type`, 'a type no other registered kind has', type);
    kinds.set(type, item as HostKind);
  });
  for (const [type, kind] of kinds) registered.set(type, kind);
}

/**
 * Registers a host's own kinds for every editor, validation, export and import of this page (or
 * Node process); createEditor and <PdfEditor> do it with their `kinds` option. Registering the
 * same kind again does nothing; another kind of a registered type throws InvalidInputError.
 *
 * @example
 * registerKinds([checkmark]);
 * const pdf = await exportPdf(bytes, annotations, { mode: 'native' });
 */
export function registerKinds(kinds: readonly HostKind[]): void {
  registerHostKinds(kinds, 'kinds');
}

/** Whether `value` is a host kind's type, `custom:` and a name. */
export function isCustomType(value: unknown): value is CustomType {
  return typeof value === 'string' && value.startsWith('custom:') && value.length > 'custom:'.length;
}

/** The registered host kind of `type`, if any. */
export function hostKind(type: string): HostKind | undefined {
  return registered.get(type);
}

/** The reader of native `subtype` a host kind offers, for subtypes no built-in kind reads. */
export function hostReader(subtype: string): AnnotationReader | undefined {
  for (const { pdf } of registered.values()) {
    const reader = pdf.reads[subtype];
    if (reader) return reader;
  }
  return undefined;
}

/** Throws UnknownKindError when `type` is a host kind's that is not registered (`at` names where). */
export function requireKind(type: string, at: string): void {
  if (isCustomType(type) && !registered.has(type)) throw new UnknownKindError(type, at);
}

/**
 * What stands for a kind nobody registered: its annotations keep every field (the schema checks
 * the common ones and passes the rest through), stay where they are, and are neither drawn nor hit.
 */
export const UNREGISTERED_KIND: AnnotationKind<CustomAnnotation> = {
  type: 'custom:unregistered',
  schema: lazySchema(() => customAnnotationSchema.loose()),
  defaults: () => ({}),
  capabilities: { stroke: false, fill: false, text: false, color: false, opacity: false, resize: 'none', rotate: 'anchor' },
  bounds: ({ position }) => ({ ...position, width: 0, height: 0 }),
  hits: () => false,
  translate: ({ position }, dx, dy) => ({ position: { x: position.x + dx, y: position.y + dy } }),
  handles: () => [],
  resize: () => ({}),
  turn: (annotation, turn) => ({ ...annotation, position: turn(annotation.position) }),
};
