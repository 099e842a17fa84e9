// The shapes of a PDF form's fields and values, apart from the code that reads and fills them, so the
// history, the storage contract and the editor name them without reaching the engine.
import type { Rect } from '../model/base';

/** What kind of field: its value's shape follows (see `FormFieldValue`). */
export type FormFieldType = 'text' | 'checkbox' | 'radio' | 'combo' | 'list' | 'button' | 'signature';

/**
 * A field's value: a text or combo box's text; whether a check box is checked; the export value of
 * a radio group's chosen button (null: none); a list box's chosen options; null for push buttons
 * and signature fields, which hold none.
 */
export type FormFieldValue = string | boolean | string[] | null;

/** Values to fill, by full field name (`parent.child`). */
export type FormValues = Record<string, FormFieldValue>;

/** Where one of a field's widgets sits: its page (from 1) and its box in page space (points, top-left origin, as displayed). */
export interface FormFieldWidget {
  page: number;
  rect: Rect;
}

/** One terminal field of a PDF's form, as `readFormFields` reads it. */
export interface FormField {
  /** The full name (`parent.child`), which `fillForm` takes. */
  name: string;
  type: FormFieldType;
  value: FormFieldValue;
  /** A radio group's export values, a check box's on state, or a choice field's option values, in the file's order. */
  options: string[];
  readOnly: boolean;
  required: boolean;
  /** A text field that takes several lines. */
  multiline: boolean;
  /** A text field's maximum length, or null. */
  maxLength: number | null;
  /** A text field spread over `maxLength` equal cells. */
  comb: boolean;
  /** A list box that takes several options. */
  multiSelect: boolean;
  /** A combo box that also takes text of its own. */
  editable: boolean;
  /** Its widgets in the file's order; a field with none shows nowhere. */
  widgets: FormFieldWidget[];
}

/** Options of `readFormFields` and `fillForm`. */
export interface FormOptions {
  /** The password of an encrypted file. */
  password?: string;
}

/** Options of `fillForm`. */
export interface FillFormOptions extends FormOptions {
  /** Draw the values into the pages and remove the fields, so nothing can be changed any more. */
  flatten?: boolean;
}
