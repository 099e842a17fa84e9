// What exportPdf and exportPdfWithReport accept, checked before any work starts, so a caller's
// mistake is a typed error naming the argument (`options.mode`, `annotations[3].color`) rather than
// a TypeError from deep inside the writer, or an option silently ignored. Free of the writer, so
// the editor checks an export on the main thread without loading it there.
import { InvalidInputError } from './errors';
import { checkAnnotationList } from './model/check';
import type { Annotation } from './model/types';
import type { PdfSource } from './pdf/source';

const MODES = ['flatten', 'native'] as const;

function isBytes(value: unknown): value is PdfSource {
  return value instanceof Uint8Array || value instanceof ArrayBuffer;
}

function expectType(value: unknown, field: string, type: 'boolean' | 'string' | 'function' | 'object'): void {
  if (value === undefined || typeof value === type) return;
  throw new InvalidInputError(field, `expected a ${type}, got ${JSON.stringify(value) ?? typeof value}`);
}

/**
 * Checks the options of an export; throws InvalidInputError naming the first wrong one. Unknown
 * keys are allowed (a caller may pass a wider object), wrong values of known ones are not.
 */
export function checkExportOptions(options: unknown): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) throw new InvalidInputError('options', 'expected an object');
  const { mode, watermark, onWarning, fonts, password, incremental } = options as Record<string, unknown>;
  if (mode !== undefined && !(MODES as readonly unknown[]).includes(mode)) {
    throw new InvalidInputError('options.mode', `unknown export mode ${JSON.stringify(mode)}; expected 'flatten' or 'native'`);
  }
  if (typeof watermark === 'object' && watermark !== null) expectType((watermark as { text?: unknown }).text, 'options.watermark.text', 'string');
  else expectType(watermark, 'options.watermark', 'boolean');
  expectType(onWarning, 'options.onWarning', 'function');
  expectType(fonts, 'options.fonts', 'object');
  expectType(password, 'options.password', 'string');
  expectType(incremental, 'options.incremental', 'boolean');
}

/** Checks every argument of an export; returns the annotations as the model reads them. */
export function checkExportArguments(source: unknown, annotations: unknown, options: unknown): Annotation[] {
  if (!isBytes(source)) throw new InvalidInputError('source', 'expected the PDF as a Uint8Array or ArrayBuffer');
  checkExportOptions(options);
  return checkAnnotationList(annotations, 'annotations');
}
