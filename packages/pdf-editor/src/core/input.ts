// Checks of the plain arguments public functions take (bytes, options objects, strings, whole
// numbers), each a typed InvalidInputError naming the field as the caller wrote it
// (`options.password`, `pages[2]`). Annotations are checked by model/check.ts.
import { InvalidInputError } from './errors';
import type { PdfSource } from './pdf/source';

function shown(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? typeof value;
}

/** Throws InvalidInputError for `field`: expected `what`, got `value`. */
export function invalid(field: string, what: string, value: unknown): never {
  throw new InvalidInputError(field, `expected ${what}, got ${shown(value)}`);
}

/** PDF bytes, as `PdfSource` promises. */
export function checkBytes(value: unknown, field: string): asserts value is PdfSource {
  if (!(value instanceof Uint8Array || value instanceof ArrayBuffer)) {
    throw new InvalidInputError(field, 'expected the PDF as a Uint8Array or ArrayBuffer');
  }
}

/** An optional value of a primitive `type` (undefined passes). */
export function checkOptional(
  value: unknown,
  field: string,
  type: 'boolean' | 'string' | 'function' | 'object',
): void {
  if (value === undefined || (typeof value === type && value !== null)) return;
  invalid(field, `a ${type}`, value);
}

/** An options object or undefined; returns its fields for the caller's own checks. */
export function checkOptions(value: unknown, field = 'options'): Record<string, unknown> {
  return value === undefined ? {} : checkObject(value, field);
}

/** A whole number of at least `min`. */
export function checkInteger(value: unknown, field: string, min: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    invalid(field, `a whole number of at least ${min}`, value);
}

/** An array; returns it for checking its items. */
export function checkArray(value: unknown, field: string, of: string): readonly unknown[] {
  if (!Array.isArray(value)) invalid(field, `an array of ${of}`, value);
  return value;
}

/** An object that is not an array or null; returns its fields. */
export function checkObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(field, 'an object', value);
  return value as Record<string, unknown>;
}
