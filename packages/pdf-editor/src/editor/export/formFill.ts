// The form values of an export, written into the fields before the annotations are: the core's
// `fillForm` appends them as an incremental update with the widgets' appearances drawn anew (so the
// original bytes stay a prefix and usage rights survive), or flattens the form into the pages.
// Values of fields the file no longer has (a page operation removed their page) or may not change
// are left out rather than failing the export. Loaded with the export, never before.
import type { FormValues } from '../../core/index';

/** What an export writes into the form: the user's values, and whether to flatten it. */
export interface ExportForm {
  values: FormValues;
  flatten: boolean;
}

/** `bytes` with `form` written into its fields; `bytes` itself when there is nothing to write. */
export async function withFormFilled(bytes: Uint8Array, form: ExportForm | undefined, password: string | undefined): Promise<Uint8Array> {
  if (!form || (Object.keys(form.values).length === 0 && !form.flatten)) return bytes;
  const { fillForm, readFormFields } = await import('../../core/forms/formFields');
  const options = password === undefined ? {} : { password };
  const fillable = new Set((await readFormFields(bytes, options)).filter((field) => !field.readOnly).map((field) => field.name));
  const values = Object.fromEntries(Object.entries(form.values).filter(([name]) => fillable.has(name)));
  if (Object.keys(values).length === 0 && !form.flatten) return bytes;
  return fillForm(bytes, values, { ...options, flatten: form.flatten });
}
