// Form PDFs the tests make with the engine's own form API: a two-page application form with a field
// of every kind (a read-only one, one with a tooltip), and a form of any number of text fields for
// the benchmark; and the values MuPDF.js reads from a form, an independent judge of what was filled.
import * as mupdf from 'mupdf';
import { PDF, PdfNumber, PdfString } from '../core/pdf/engine';

/** The values `applicationForm` takes for every field the user can fill. */
export const APPLICATION_VALUES = {
  'applicant.name': 'Ada Lovelace',
  notes: 'First line\nSecond line',
  zip: '75001',
  agree: true,
  payment: 'Cash',
  country: 'Peru',
  colors: ['Red', 'Blue'],
} as const;

/**
 * Page 1: the applicant's name (12 pt, tooltip "Applicant's full name"), notes (multi-line), a
 * 5-cell comb zip code, a check box and a radio group; page 2: a combo box, a multi-select list and
 * a read-only reference ("A-17").
 */
export async function applicationForm(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const first = pdf.addPage({ width: 612, height: 792 });
  const second = pdf.addPage({ width: 612, height: 792 });
  first.drawText('Application form', { x: 72, y: 740, size: 18 });
  const form = pdf.getOrCreateForm();
  const name = form.createTextField('applicant.name', { fontSize: 12 });
  await first.drawField(name, { x: 72, y: 700, width: 240, height: 24 });
  // On the widget, where pdf.js reads a tooltip (it does not look up a parent field's).
  name.getWidgets()[0]?.dict.set('TU', PdfString.fromString("Applicant's full name"));
  await first.drawField(form.createTextField('notes', { multiline: true, fontSize: 10 }), { x: 72, y: 600, width: 240, height: 72 });
  await first.drawField(form.createTextField('zip', { maxLength: 5, comb: true, fontSize: 12 }), { x: 72, y: 560, width: 120, height: 24 });
  await first.drawField(form.createCheckbox('agree', { onValue: 'Yes' }), { x: 72, y: 520, width: 18, height: 18 });
  const payment = form.createRadioGroup('payment', { options: ['Card', 'Cash'] });
  await first.drawField(payment, { x: 72, y: 480, width: 16, height: 16, option: 'Card' });
  await first.drawField(payment, { x: 120, y: 480, width: 16, height: 16, option: 'Cash' });
  await second.drawField(form.createDropdown('country', { options: ['France', 'Japan', 'Peru'], fontSize: 11 }), { x: 72, y: 700, width: 160, height: 24 });
  await second.drawField(form.createListbox('colors', { options: ['Red', 'Green', 'Blue'], multiSelect: true }), { x: 72, y: 600, width: 120, height: 72 });
  const reference = form.createTextField('ref', { fontSize: 12, defaultValue: 'A-17' });
  await second.drawField(reference, { x: 72, y: 540, width: 120, height: 24 });
  reference.setValue('A-17');
  // Bit 1 of /Ff: read-only.
  reference.acroField().set('Ff', PdfNumber.of(1));
  return pdf.save();
}

/** One page of `count` single-line text fields named `field1`..., in rows. */
export async function textFieldsForm(count: number): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  const form = pdf.getOrCreateForm();
  for (let index = 0; index < count; index++) {
    await page.drawField(form.createTextField(`field${index + 1}`, { fontSize: 11 }), { x: 72 + (index % 2) * 240, y: 740 - Math.floor(index / 2) * 34, width: 220, height: 24 });
  }
  return pdf.save();
}

/** Every widget's field name and value as MuPDF.js reads them. */
export function mupdfValues(bytes: Uint8Array): Record<string, string> {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
  const values: Record<string, string> = {};
  for (let index = 0; index < doc.countPages(); index++) {
    for (const widget of (doc.loadPage(index) as mupdf.PDFPage).getWidgets()) values[widget.getName()] = widget.getValue();
  }
  return values;
}
