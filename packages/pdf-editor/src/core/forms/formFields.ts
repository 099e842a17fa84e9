// AcroForm fields: what a PDF's form holds (`readFormFields`) and filling it in (`fillForm`), on the
// engine's forms, which walk the field tree, set values with the PDF's own rules (check box on
// states, radio export values, choice options) and draw the widgets' appearances so every reader
// shows the values. The fill is appended as an incremental update: the original bytes stay a prefix
// of the result, so signatures and usage rights (/Perms /UR3) over them still verify, unless the
// file had to be repaired to open (then it is rewritten, as the export does).
import { InvalidInputError } from '../errors';
import { checkFormValue } from './checkValue';
import type { FillFormOptions, FormField, FormFieldType, FormFieldValue, FormFieldWidget, FormOptions, FormValues } from './types';
import { checkBytes, checkObject, checkOptional, checkOptions } from '../input';
import { PdfStream } from '../pdf/engine';
import type {
  ButtonField,
  CheckboxField,
  DropdownField,
  EngineFormField,
  ListBoxField,
  PDF,
  RadioField,
  SignatureField,
  TextField,
} from '../pdf/engine';
import { openPdf } from '../pdf/openPdf';
import { pageSpaceOf } from '../pdf/pageAttributes';
import type { PdfSource } from '../pdf/source';

// Named here too: the forms' public types, with the functions that take them.
export type { FillFormOptions, FormField, FormFieldType, FormFieldValue, FormFieldWidget, FormOptions, FormValues } from './types';

/** The engine's fields that hold or show something, told apart by `type`. */
type KnownField = TextField | CheckboxField | RadioField | DropdownField | ListBoxField | ButtonField | SignatureField;

const TYPES: Partial<Record<EngineFormField['type'], FormFieldType>> = {
  text: 'text',
  checkbox: 'checkbox',
  radio: 'radio',
  dropdown: 'combo',
  listbox: 'list',
  button: 'button',
  signature: 'signature',
};

/** The field as one the engine knows (its `type` then tells its class), or undefined for the rest. */
function known(field: EngineFormField): KnownField | undefined {
  return TYPES[field.type] ? (field as KnownField) : undefined;
}

function valueOf(field: KnownField): FormFieldValue {
  switch (field.type) {
    case 'text':
    case 'dropdown':
      return field.getValue();
    case 'checkbox':
      return field.isChecked();
    case 'radio':
      return field.getValue();
    case 'listbox':
      return field.getValue();
    default:
      return null;
  }
}

function optionsOf(field: KnownField): string[] {
  if (field.type === 'checkbox') return [field.getOnValue()];
  if (field.type === 'radio') return field.getExportValues();
  if (field.type === 'dropdown' || field.type === 'listbox') return field.getOptions().map(({ value }) => value);
  return [];
}

/** Page numbers by the page objects' references, and by the widgets each page lists (a widget's /P may be missing or wrong). */
function pageFinder(pdf: PDF): (field: KnownField, widgetIndex: number) => number | undefined {
  const pages = pdf.getPages();
  const byRef = new Map<unknown, number>(pages.map((page, index) => [page.ref, index + 1]));
  let listed: Map<unknown, number> | undefined;
  return (field, widgetIndex) => {
    const widget = field.getWidgets()[widgetIndex];
    if (!widget) return undefined;
    if (!listed) {
      listed = new Map();
      for (const [index, page] of pages.entries()) {
        const annots = page.dict.getArray('Annots', (ref) => pdf.getObject(ref));
        for (let at = 0; at < (annots?.length ?? 0); at++) listed.set(annots?.at(at), index + 1);
      }
    }
    return (widget.ref && listed.get(widget.ref)) ?? byRef.get(widget.pageRef);
  };
}

function describeField(pdf: PDF, engineField: EngineFormField, pageOf: ReturnType<typeof pageFinder>): FormField | undefined {
  const field = known(engineField);
  const type = field && TYPES[field.type];
  if (!field || !type) return undefined;
  const widgets: FormFieldWidget[] = [];
  for (const [index, widget] of field.getWidgets().entries()) {
    const page = pageOf(field, index);
    if (page === undefined) continue;
    const [x1, y1, x2, y2] = widget.rect;
    const box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
    widgets.push({ page, rect: pageSpaceOf(pdf, page - 1).rectToDisplay(box) });
  }
  const text = field.type === 'text' ? field : undefined;
  return {
    name: field.name,
    type,
    value: valueOf(field),
    options: optionsOf(field),
    readOnly: field.isReadOnly(),
    required: field.isRequired(),
    multiline: text?.isMultiline ?? false,
    maxLength: text && text.maxLength > 0 ? text.maxLength : null,
    comb: text?.isComb ?? false,
    multiSelect: field.type === 'listbox' && field.isMultiSelect,
    editable: field.type === 'dropdown' && field.isEditable,
    widgets,
  };
}

/**
 * The terminal fields of `source`'s AcroForm, in the form's order: name, type, value, options,
 * flags and where each widget sits. A PDF without a form gives an empty list.
 *
 * @throws PdfInvalidError, PdfEncryptedError or PdfPasswordError when the file cannot be opened.
 * @example
 * const fields = await readFormFields(bytes);
 * fields.filter((field) => field.type === 'text').map((field) => field.name);
 */
export async function readFormFields(source: PdfSource, options: FormOptions = {}): Promise<FormField[]> {
  checkBytes(source, 'source');
  const { password } = checkOptions(options);
  checkOptional(password, 'options.password', 'string');
  const { pdf } = await openPdf(source, password === undefined ? {} : { password: password as string });
  const form = pdf.getForm();
  if (!form) return [];
  const pageOf = pageFinder(pdf);
  return form.getFields().flatMap((field) => describeField(pdf, field, pageOf) ?? []);
}

const shown = (value: unknown) => JSON.stringify(value) ?? String(value);

/** Sets one field, refusing what the field cannot hold (checkFormValue) with an InvalidInputError naming it. */
function setValue(engineField: EngineFormField, value: FormFieldValue, at: string): void {
  const field = known(engineField);
  const type = field && TYPES[field.type];
  if (!field || !type) throw new InvalidInputError(at, 'the field holds no value this version can set');
  const text = field.type === 'text' ? field : undefined;
  const checked = checkFormValue(
    {
      type,
      options: optionsOf(field),
      readOnly: field.isReadOnly(),
      multiline: text?.isMultiline ?? false,
      maxLength: text && text.maxLength > 0 ? text.maxLength : null,
      multiSelect: field.type === 'listbox' && field.isMultiSelect,
      editable: field.type === 'dropdown' && field.isEditable,
    },
    value,
    at,
  );
  switch (field.type) {
    case 'text':
    case 'dropdown':
      field.setValue(checked as string);
      return;
    case 'checkbox':
      if (checked) field.check();
      else field.uncheck();
      return;
    case 'radio':
      field.setValue(checked as string | null);
      return;
    case 'listbox':
      field.setValue(checked as string[]);
      return;
  }
}

/**
 * `source` with its form's fields set to `values` (by full name; the fields not named keep theirs),
 * their appearances drawn anew, appended as an incremental update. With `flatten`, the values are
 * drawn into the pages and the fields removed. `source` itself is not changed.
 *
 * @throws InvalidInputError naming the value (`values["name"]`) for a field that does not exist, is
 * read-only or cannot hold it (wrong type, an option not offered, longer than its maximum length).
 * @throws PdfInvalidError, PdfEncryptedError or PdfPasswordError when the file cannot be opened.
 * @example
 * const filled = await fillForm(bytes, { 'applicant.name': 'Ada Lovelace', agree: true });
 */
export async function fillForm(source: PdfSource, values: FormValues, options: FillFormOptions = {}): Promise<Uint8Array> {
  checkBytes(source, 'source');
  const entries = Object.entries(checkObject(values, 'values'));
  const { password, flatten } = checkOptions(options);
  checkOptional(password, 'options.password', 'string');
  checkOptional(flatten, 'options.flatten', 'boolean');
  const { pdf, repaired } = await openPdf(source, password === undefined ? {} : { password: password as string });
  const form = pdf.getForm();
  for (const [name, value] of entries) {
    const field = form?.getField(name);
    if (!field) throw new InvalidInputError(`values[${shown(name)}]`, 'no field of the form has this name');
    setValue(field, value as FormFieldValue, `values[${shown(name)}]`);
  }
  if (flatten && form) {
    // The engine brackets a page's own content with q/Q before drawing the fields over it; a page
    // with none would get the closing Q alone, which stops readers drawing the page.
    for (const page of pdf.getPages()) if (!page.dict.has('Contents')) page.dict.set('Contents', pdf.register(new PdfStream()));
    form.flatten();
  }
  return pdf.save({ incremental: !repaired });
}
