// The editor's form (`editor.forms`): the fields of the document pdf.js shows, read from pdf.js when
// it opens one (no PDF engine), and the values the user gives them. The values are part of the
// document state the history records (`formValues`, only the fields changed from the file's), so
// each change is one undo step and marks the document dirty like an annotation edit; the export
// writes them into the fields and storage keeps them with the annotations. A zustand vanilla store
// of the fields, as the find controller is, so the form layer reads them without re-rendering the
// editor's other views.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { FormField, FormFieldValue, FormValues } from '../../core/index';
import { checkFormValue, checkObject, InvalidInputError } from '../../core/internal';
import type { DocumentController } from '../document/documentController';
import type { EditorStore } from '../store/createEditorStore';
import { NO_FORM_VALUES } from '../store/documentSlice';
import type { EditorFormField } from './pdfjsFields';

/** The form of the document on show. */
export interface FormState {
  /** `none`: no document, or it has no form; `reading`: pdf.js reads it; `ready`: `fields` hold it. */
  status: 'none' | 'reading' | 'ready';
  /** Its terminal fields in the form's order (the tab order), with the values the file holds. */
  fields: readonly EditorFormField[];
}

/** Options of `exportXfdf`. */
export interface FormXfdfOptions {
  /** The PDF file the values belong to (XFDF's `<f href>`). */
  href?: string;
}

/**
 * The form of the editor's document (`editor.forms`): its fields to subscribe to, the values the
 * user gave them, and the commands that change them, each one undo step. A value a field cannot hold
 * is an `InvalidInputError` naming it (`values["zip"]`), as `fillForm` refuses it.
 */
export interface FormController extends Omit<StoreApi<FormState>, 'setState'> {
  /** The values the user gave, by full field name: only the fields whose value differs from the file's. */
  readonly values: FormValues;
  /** A field's value now: the user's, or else the file's; undefined for a name the form does not have. */
  valueOf(name: string): FormFieldValue | undefined;
  /** Sets one field's value as one undo step (nothing happens when it already holds it). */
  setValue(name: string, value: FormFieldValue): void;
  /** Sets several fields as one undo step; nothing is set when one value is refused. */
  setValues(values: FormValues): void;
  /** Gives every field back the file's value, as one undo step. */
  reset(): void;
  /** Every field's value now (push buttons and signatures left out) as JSON, which `importJson` reads. */
  exportJson(): string;
  /** Sets the values of a JSON object of values (`exportJson`) as one undo step. */
  importJson(json: string): Promise<void>;
  /** Every field's value now as an XFDF document, which Acrobat and other readers import. */
  exportXfdf(options?: FormXfdfOptions): Promise<string>;
  /** Sets the values an XFDF document gives the form's fields as one undo step (other fields it names are left out). */
  importXfdf(xfdf: string): Promise<void>;
}

const NO_FIELDS: readonly EditorFormField[] = [];
const HOLDS_VALUE = new Set<FormField['type']>(['text', 'checkbox', 'radio', 'combo', 'list']);

function same(a: FormFieldValue | undefined, b: FormFieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}

const at = (name: string) => `values[${JSON.stringify(name)}]`;

export function createFormController(store: EditorStore, document: DocumentController): FormController {
  const state = createStore<FormState>()(() => ({ status: 'none', fields: NO_FIELDS }));
  const byName = () => new Map(state.getState().fields.map((field) => [field.name, field]));

  // Reads the form of each document pdf.js opens; a newer document wins over one still being read.
  let shown: unknown = null;
  const follow = () => {
    const pdf = document.getState().pdf;
    if (pdf === shown) return;
    shown = pdf;
    if (!pdf) return state.setState({ status: 'none', fields: NO_FIELDS });
    state.setState({ status: 'reading' });
    // Loaded with the first document, not with the editor: the first page paints without it.
    import('./pdfjsFields').then(({ readPdfjsFormFields }) => readPdfjsFormFields(pdf)).then(
      (fields) => {
        if (shown === pdf) state.setState({ status: fields.length > 0 ? 'ready' : 'none', fields: fields.length > 0 ? fields : NO_FIELDS });
      },
      () => {
        // A form pdf.js cannot read is shown as a document without one: the pages still show.
        if (shown === pdf) state.setState({ status: 'none', fields: NO_FIELDS });
      },
    );
  };
  document.subscribe(follow);
  follow();

  const current = () => store.getState().formValues;
  // `values` over the current ones, each checked, the ones back at the file's value dropped.
  const merged = (values: FormValues): FormValues => {
    const fields = byName();
    const next: FormValues = { ...current() };
    for (const [name, value] of Object.entries(checkObject(values, 'values'))) {
      const field = fields.get(name);
      if (!field) throw new InvalidInputError(at(name), 'no field of the form has this name');
      // The file's own value is no change (a read-only field's included, as `exportJson` lists it).
      if (same(value as FormFieldValue, field.value)) {
        delete next[name];
        continue;
      }
      const checked = checkFormValue(field, value, at(name));
      next[name] = Array.isArray(checked) ? [...checked] : checked;
    }
    return next;
  };
  const apply = (next: FormValues, label: string) => {
    const before = current();
    const keys = Object.keys(next);
    const unchanged = keys.length === Object.keys(before).length && keys.every((name) => name in before && same(before[name], next[name]));
    // No values is always the one empty object, so undoing back to a saved empty form is not dirty.
    if (!unchanged) store.getState().actions.setFormValues(keys.length > 0 ? next : NO_FORM_VALUES, label);
  };
  const valueOf = (name: string) => {
    const values = current();
    return name in values ? values[name] : byName().get(name)?.value;
  };
  const allValues = (): FormValues =>
    Object.fromEntries(state.getState().fields.filter((field) => HOLDS_VALUE.has(field.type)).map((field) => [field.name, valueOf(field.name) ?? null]));
  const xfdf = () => import('../../core/forms/xfdf');

  return {
    getState: state.getState,
    getInitialState: state.getInitialState,
    subscribe: state.subscribe,
    get values() {
      return current();
    },
    valueOf,
    setValue(name, value) {
      apply(merged({ [name]: value }), 'Fill field');
    },
    setValues(values) {
      apply(merged(values), 'Fill form');
    },
    reset() {
      apply({}, 'Reset form');
    },
    exportJson() {
      return JSON.stringify(allValues(), null, 2);
    },
    async importJson(json) {
      const { parseFormValues } = await xfdf();
      apply(merged(parseFormValues(json)), 'Import form values');
    },
    async exportXfdf(options = {}) {
      const { formValuesToXfdf } = await xfdf();
      return formValuesToXfdf(state.getState().fields, { values: allValues(), ...(options.href && { href: options.href }) });
    },
    async importXfdf(text) {
      const { formValuesFromXfdf } = await xfdf();
      const fields = state.getState().fields;
      // Read-only fields keep the file's value: what an XFDF says of them is left out, as of fields the form lacks.
      const values = Object.entries(formValuesFromXfdf(text, fields)).filter(([name]) => !byName().get(name)?.readOnly);
      apply(merged(Object.fromEntries(values)), 'Import form values');
    },
  };
}
