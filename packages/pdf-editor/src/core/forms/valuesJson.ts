// Form values as JSON (`JSON.stringify` of `FormValues`), checked on the way in: what storage gives
// back and what a user imports. Apart from the XFDF module, so storage adapters check values
// without loading an XML parser.
import { InvalidInputError } from '../errors';
import type { FormValues } from './types';

/**
 * `value` as form values when it is an object of them (a text, true or false, a list of texts or
 * null by name), else an InvalidInputError naming the first that is not one, under `field`.
 */
export function checkFormValues(value: unknown, field: string): FormValues {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new InvalidInputError(field, 'expected an object of field values');
  for (const [name, item] of Object.entries(value)) {
    const ok = item === null || typeof item === 'string' || typeof item === 'boolean' || (Array.isArray(item) && item.every((each) => typeof each === 'string'));
    if (!ok) throw new InvalidInputError(`${field}[${JSON.stringify(name)}]`, `expected text, true or false, a list of texts or null, got ${JSON.stringify(item)}`);
  }
  return value as FormValues;
}

/**
 * Form values read back from JSON (`JSON.stringify` of `FormValues`), each checked to be a value a
 * field can hold.
 *
 * @throws InvalidInputError naming the first value that is not one.
 */
export function parseFormValues(json: string): FormValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new InvalidInputError('json', `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return checkFormValues(parsed, 'json');
}
