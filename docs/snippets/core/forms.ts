import { fillForm, formValuesFromXfdf, formValuesToXfdf, readFormFields } from '@marginalia/pdf-editor/core';

declare const bytes: Uint8Array;
declare const xfdfFromAcrobat: string;

// #region fill
const fields = await readFormFields(bytes);
for (const field of fields) console.log(field.name, field.type, field.value, field.widgets[0]?.page);

// Fields not named keep their values; a value a field cannot hold is an InvalidInputError naming it.
const filled = await fillForm(bytes, { 'applicant.name': 'Ada Lovelace', agree: true, payment: 'Card' });
// The same values drawn into the pages, the fields removed:
const final = await fillForm(bytes, { 'applicant.name': 'Ada Lovelace' }, { flatten: true });
// #endregion

// #region xfdf
const xfdf = formValuesToXfdf(await readFormFields(filled), { href: 'application.pdf' });
const fromAcrobat = await fillForm(bytes, formValuesFromXfdf(xfdfFromAcrobat, fields));
// #endregion

export { final, fromAcrobat, xfdf };
