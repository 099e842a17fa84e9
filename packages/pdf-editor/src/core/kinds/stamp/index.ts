// Stamp: a rounded frame with a word in capitals (stampLayout), like Acrobat's business stamps. A
// preset decides its word and colour; "signed" carries the date it was placed in its `label`, so
// it never changes; `custom` is another tool's stamp, shown with its own word in its `color`.
// It stays upright when its page turns, as an image does.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { stampSize } from '../../geometry/annotationGeometry';
import { baseFields, boxFields } from '../../model/fields';
import type { AnnotationKind } from '../kind';
import { boxParts } from '../shared/box';
import { turnUpright } from '../shared/geometry';

/** The presets: the word each shows, its colour and the /Name a native stamp carries (Acrobat's where it has one). */
export const STAMP_PRESETS = {
  approved: { label: 'APPROVED', color: '#1B7A34', pdfName: 'Approved' },
  rejected: { label: 'REJECTED', color: '#C62828', pdfName: 'NotApproved' },
  draft: { label: 'DRAFT', color: '#1F4FA0', pdfName: 'Draft' },
  confidential: { label: 'CONFIDENTIAL', color: '#C62828', pdfName: 'Confidential' },
  final: { label: 'FINAL', color: '#1B7A34', pdfName: 'Final' },
  signed: { label: 'SIGNED', color: '#1F4FA0', pdfName: 'SignedAndDated' },
} as const;

export type StampPreset = keyof typeof STAMP_PRESETS;

const PRESET_NAMES = Object.keys(STAMP_PRESETS) as StampPreset[];

/** Height of a stamp placed with a click, in points; its width fits its word. */
export const STAMP_HEIGHT = 40;

/** Validates a {@link StampAnnotation}. */
export const stampAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('stamp'),
  /** Which stamp: one of the presets, or `custom` for another tool's stamp of its own word. */
  preset: z.enum([...PRESET_NAMES, 'custom']),
  /** The words shown, as drawn; absent: the preset's own (APPROVED, ...). */
  label: z.string().optional(),
}));

/** The words a stamp shows. */
export function stampLabel(stamp: Pick<StampAnnotation, 'preset' | 'label'>): string {
  return stamp.label ?? (stamp.preset === 'custom' ? '' : STAMP_PRESETS[stamp.preset].label);
}

/** The colour a stamp is drawn in: its preset's, or a custom stamp's own `color`. */
export function stampColor(stamp: Pick<StampAnnotation, 'preset' | 'color'>): string {
  return stamp.preset === 'custom' ? stamp.color : STAMP_PRESETS[stamp.preset].color;
}

/** The date a "signed" stamp shows: the local day it was placed, as YYYY-MM-DD (read alike in every locale). */
function dateLabel(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The fields a stamp of `preset` placed at `now` has: its word (a signed stamp's dated), its colour
 * and a box of `height` that fits the word at full size.
 */
export function stampFields(preset: StampPreset, now: Date, height: number = STAMP_HEIGHT) {
  const label = preset === 'signed' ? `${STAMP_PRESETS.signed.label} ${dateLabel(now)}` : undefined;
  const size = stampSize(label ?? STAMP_PRESETS[preset].label, height);
  return { preset, label, color: STAMP_PRESETS[preset].color, ...size };
}

/** A rounded frame with a word in capitals: a preset (APPROVED, REJECTED, ...; a dated SIGNED) or another tool's `custom` word. */
export type StampAnnotation = z.infer<typeof stampAnnotationSchema>;

export const stampKind: AnnotationKind<StampAnnotation> = {
  type: 'stamp',
  schema: stampAnnotationSchema,
  defaults: () => ({ preset: 'approved', ...stampSize(STAMP_PRESETS.approved.label, STAMP_HEIGHT) }),
  capabilities: { stroke: false, fill: false, text: false, color: false, opacity: true, resize: 'corners', rotate: 'upright' },
  ...boxParts,
  fontText: stampLabel,
  variants: {
    names: PRESET_NAMES,
    of: (annotation) => annotation.preset,
    fields: (name, now, current) => stampFields(PRESET_NAMES.find((preset) => preset === name) ?? 'approved', now, current?.height),
  },
  turn: (annotation, turn) => ({ ...annotation, position: turnUpright(annotation.position, annotation.width, annotation.height, turn) }),
};
