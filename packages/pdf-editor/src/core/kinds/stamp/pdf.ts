// Stamp in PDF: the frame and the word laid out by stampLayout (the screen's layout), the word set
// in Helvetica-Bold through the export's text layout; written as a native /Stamp whose /Name is
// Acrobat's for the preset (/Approved, /NotApproved, /Draft, /Confidential, /Final), /SignedAndDated
// for the dated one and the word itself for a custom stamp, with the word as /Contents.
// Every /Stamp is read here: a preset's name (Acrobat's business sets' too: /SBApproved, /#DApproved)
// makes that preset, or a custom stamp of the preset's word when another tool drew it in another
// colour than the preset's (its appearance's text colour, else /C); else an image in its appearance makes an image (shared/imagePdf.ts);
// else a name of words (/TopSecret, /#Accepted) makes a custom stamp of those words; anything else
// (a vector drawing with no such name) is skipped with the image reader's reason.
import { STAMP_FONT, stampLayout, tracePath } from '../../geometry/annotationGeometry';
import type { Canvas } from '../../export/flatten/frame';
import type { ExportContext } from '../../export/context';
import { firstLine } from '../../export/textBlock';
import type { NativeWriter } from '../../export/native/nativeTypes';
import { textFillColor } from '../../import/contentColor';
import { readAppearanceOperators, readContents, readName, readRect } from '../../import/pdfReaders';
import { rectOrSkip, toDisplayBox, type AnnotationReader, type ReadEnv } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaultValues';
import type { PdfKind } from '../pdfKind';
import { readImageStamp } from '../shared/imagePdf';
import { STAMP_PRESETS, stampColor, stampLabel, type StampAnnotation, type StampPreset } from './index';

async function drawStamp(canvas: Canvas, annotation: StampAnnotation, context: ExportContext): Promise<void> {
  const label = stampLabel(annotation).replace(/\s+/g, ' ');
  const layout = stampLayout({ ...annotation.position, width: annotation.width, height: annotation.height }, label);
  const color = canvas.color(stampColor(annotation));
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  content.strokeColor(color).lineWidth(layout.border);
  tracePath(content, layout.frame);
  content.stroke();
  if (layout.fontSize === 0) return;
  const line = firstLine(await context.layoutText(label, STAMP_FONT));
  if (!line) return;
  // Centred on its own measured width, which is the layout's for the standard font's characters.
  const x = layout.x + (layout.labelWidth - line.width * layout.fontSize) / 2;
  content.fillColor(color).textLine(line, layout.fontSize, x, layout.baseline, (font) => canvas.resources.font(font));
}

/** A custom stamp's words as a name (NOT FOR RELEASE: NotForRelease), and back. */
const wordsToName = (label: string) =>
  label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
const WORDS_NAME = /^(?:[A-Z][a-z]+)+$/;
const nameToWords = (name: string) => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toUpperCase();

const writeStamp: NativeWriter<StampAnnotation> = (annotation) => {
  const label = stampLabel(annotation);
  return {
    subtype: 'Stamp',
    displayRect: { ...annotation.position, width: annotation.width, height: annotation.height },
    entries: { Name: annotation.preset === 'custom' ? wordsToName(label) || 'Stamp' : STAMP_PRESETS[annotation.preset].pdfName },
    contents: label,
    color: stampColor(annotation),
    borderWidth: 0,
  };
};

/** The preset of each /Name that stands for one, Acrobat's NotApproved and Rejected both rejecting. */
const PRESET_OF_NAME: Record<string, StampPreset> = {
  ...Object.fromEntries(Object.entries(STAMP_PRESETS).map(([preset, { pdfName }]) => [pdfName, preset as StampPreset])),
  Rejected: 'rejected',
};

/**
 * The colour a stamp's word is drawn in: the one its appearance shows its text in (MuPDF draws it
 * in /C), or /C itself when there is no appearance (a viewer draws one from it); undefined when the
 * appearance shows no text this can follow (Acrobat's stamps are paths, their /C a note colour).
 */
function drawnColor(env: ReadEnv): string | undefined {
  const appearance = readAppearanceOperators(env.read, env.dict);
  return appearance === undefined ? env.base.color : textFillColor(appearance);
}

const readStamp: AnnotationReader = async (env) => {
  // Acrobat prefixes its sets' names: SB (business), SH (sign here), #D (dynamic), # (custom).
  const name = readName(env.read, env.dict, 'Name')?.replace(/^#?(?:SB|SH|D)(?=[A-Z])/, '').replace(/^#/, '');
  const preset = name === undefined ? undefined : PRESET_OF_NAME[name];
  const rect = readRect(env.read, env.dict);
  if (!preset) {
    const reasons: string[] = [];
    const images = await readImageStamp({ ...env, warn: (message) => reasons.push(message) });
    if (images.length > 0 || !rect || name === undefined || !WORDS_NAME.test(name)) {
      reasons.forEach(env.warn);
      return images;
    }
  }
  const usable = rectOrSkip(env, rect);
  if (!usable) return [];
  const box = toDisplayBox(env.space, usable);
  const { base } = env;
  const contents = readContents(env.read, env.dict);
  const label = preset === 'signed' && contents !== '' ? contents : undefined;
  const drawn = drawnColor(env);
  const own =
    preset === undefined
      ? { preset: 'custom' as const, label: nameToWords(name ?? ''), color: base.color ?? STAMP_PRESETS.rejected.color }
      : drawn === undefined || drawn === STAMP_PRESETS[preset].color
        ? { preset, color: STAMP_PRESETS[preset].color, ...(label === undefined ? {} : { label }) }
        : // A preset's word in a colour another tool chose: only a custom stamp holds a colour of its own.
          { preset: 'custom' as const, label: label ?? STAMP_PRESETS[preset].label, color: drawn };
  return [
    {
      ...base,
      ...own,
      type: 'stamp',
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      opacity: base.opacity ?? DEFAULTS.opacity,
      // A stamp draws no line of the user's width; /BS says nothing about it.
      strokeWidth: DEFAULTS.strokeWidth,
    },
  ];
};

export const stampPdf: PdfKind<StampAnnotation> = { draw: drawStamp, write: writeStamp, reads: { Stamp: readStamp } };
