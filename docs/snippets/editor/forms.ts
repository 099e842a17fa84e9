import { createEditor } from '@marginalia/pdf-editor/editor';

declare const file: Uint8Array;
declare const xfdfFromAcrobat: string;

const editor = createEditor({ file, fileName: 'application.pdf' });
const unmount = editor.mount();
// The fields are read with pdf.js when a view opens the document (<PdfEditor> attaches one).
const detach = editor.document.attach();

// #region fill
editor.forms.subscribe(({ status, fields }) => {
  if (status === 'ready') console.log(fields.map((field) => `${field.name} (${field.type}) on page ${field.widgets[0]?.page}`));
});

// Each change is one undo step and marks the document dirty; a value the field cannot hold is an
// InvalidInputError naming it, as fillForm refuses it.
editor.forms.setValue('applicant.name', 'Ada Lovelace');
editor.forms.setValues({ agree: true, payment: 'Card', colors: ['Red', 'Blue'] });
editor.undo(); // takes back the check box, the radio group and the list together
console.log(editor.forms.values, editor.forms.valueOf('agree'));

// The export writes the values into the fields, appended with their appearances drawn anew...
const filled = await editor.exportPdf({ mode: 'native' });
// ...or draws them into the pages and removes the fields.
const final = await editor.exportPdf({ flattenForm: true });
// #endregion

// #region carry
const json = editor.forms.exportJson();
const xfdf = await editor.forms.exportXfdf({ href: 'application.pdf' });
await editor.forms.importXfdf(xfdfFromAcrobat); // one undo step
await editor.forms.importJson(json);
editor.forms.reset(); // every field back to the file's value, one undo step
// #endregion

detach();
unmount();
export { filled, final, xfdf };
