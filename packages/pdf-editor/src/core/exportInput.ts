// What exportPdf and exportPdfWithReport accept, checked before any work starts, so a caller's
// mistake is a typed error naming the argument (`options.mode`, `annotations[3].color`) rather than
// a TypeError from deep inside the writer, or an option silently ignored. Free of the writer, so
// the editor checks an export on the main thread without loading it there.
import { InvalidInputError } from './errors';
import { checkBytes, checkOptional, checkOptions } from './input';
import { requireKind } from './kinds/hostKinds';
import { checkAnnotationList } from './model/check';
import type { Annotation } from './model/types';

const MODES = ['flatten', 'native'] as const;

/**
 * Checks the options of an export; throws InvalidInputError naming the first wrong one. Unknown
 * keys are allowed (a caller may pass a wider object), wrong values of known ones are not.
 */
export function checkExportOptions(options: unknown): void {
  const { mode, watermark, onWarning, fonts, password, incremental } = checkOptions(options);
  if (mode !== undefined && !(MODES as readonly unknown[]).includes(mode)) {
    throw new InvalidInputError('options.mode', `unknown export mode ${JSON.stringify(mode)}; expected 'flatten' or 'native'`);
  }
  if (typeof watermark === 'object' && watermark !== null) checkOptional((watermark as { text?: unknown }).text, 'options.watermark.text', 'string');
  else checkOptional(watermark, 'options.watermark', 'boolean');
  checkOptional(onWarning, 'options.onWarning', 'function');
  checkOptional(fonts, 'options.fonts', 'object');
  checkOptional(password, 'options.password', 'string');
  checkOptional(incremental, 'options.incremental', 'boolean');
}

/** Checks every argument of an export; returns the annotations as the model reads them. */
export function checkExportArguments(source: unknown, annotations: unknown, options: unknown): Annotation[] {
  checkBytes(source, 'source');
  checkExportOptions(options);
  const checked = checkAnnotationList(annotations, 'annotations');
  // Nothing can draw a kind nobody registered: refused by name rather than left out.
  checked.forEach((annotation, index) => requireKind(annotation.type, `annotations[${index}]`));
  return checked;
}
