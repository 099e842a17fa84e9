// What a form field can hold, checked without the engine: `fillForm` refuses a value with it before
// setting the field, and the editor refuses the same values as the user types them, so the two
// never disagree about what a field takes (and the editor checks without loading the engine).
import { InvalidInputError } from '../errors';
import type { FormField, FormFieldValue } from './types';

/** What `checkFormValue` needs to know of a field: its type, options and flags. */
export type FormFieldRules = Pick<FormField, 'type' | 'options' | 'readOnly' | 'multiline' | 'maxLength' | 'multiSelect' | 'editable'>;

const shown = (value: unknown) => JSON.stringify(value) ?? String(value);

/**
 * `value` as the field described by `rules` holds it, or an InvalidInputError naming `at`: a
 * read-only field, a value of the wrong type, an option the field does not offer, text longer than
 * its maximum length, or several lines in a single-line field.
 */
export function checkFormValue(rules: FormFieldRules, value: unknown, at: string): FormFieldValue {
  const refuse = (what: string): never => {
    throw new InvalidInputError(at, `expected ${what}, got ${shown(value)}`);
  };
  if (rules.readOnly) throw new InvalidInputError(at, 'the field is read-only');
  switch (rules.type) {
    case 'text':
      if (typeof value !== 'string') return refuse('text');
      if (rules.maxLength !== null && [...value].length > rules.maxLength) refuse(`at most ${rules.maxLength} characters`);
      if (!rules.multiline && /[\r\n]/.test(value)) refuse('one line of text');
      return value;
    case 'checkbox':
      return typeof value === 'boolean' ? value : refuse('true or false');
    case 'radio':
      return value === null || (typeof value === 'string' && rules.options.includes(value)) ? value : refuse(`one of ${shown(rules.options)} or null`);
    case 'combo':
      return typeof value === 'string' && (rules.editable || value === '' || rules.options.includes(value)) ? value : refuse(`one of ${shown(rules.options)}`);
    case 'list': {
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !rules.options.includes(item))) return refuse(`a list of ${shown(rules.options)}`);
      if (value.length > 1 && !rules.multiSelect) refuse('at most one option');
      return value as string[];
    }
    default:
      throw new InvalidInputError(at, `a ${rules.type} field holds no value`);
  }
}
