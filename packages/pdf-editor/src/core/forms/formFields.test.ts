// Filling a PDF's form as readers see it: a form made here with every kind of field, filled, read
// back by MuPDF.js and poppler (never by the engine that wrote it), flattened, and carried through
// XFDF and JSON; and the IRS form with usage rights from the shared files, whose original bytes
// must stay a prefix of the filled file.
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import { PDF } from '../pdf/engine';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { pdfText, qpdfCheck } from '../../test-support/pdfTools';
import { fillForm, readFormFields } from './formFields';
import { formValuesFromXfdf, formValuesToXfdf, parseFormValues } from './xfdf';
import { mupdfValues } from '../../test-support/formPdf';

/** A one-page form with a field of every kind, made with the engine's own form API. */
async function madeForm(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  page.drawText('Application form', { x: 72, y: 740, size: 18 });
  const form = pdf.getOrCreateForm();
  await page.drawField(form.createTextField('applicant.name', { fontSize: 12 }), { x: 72, y: 700, width: 240, height: 24 });
  await page.drawField(form.createTextField('notes', { multiline: true, fontSize: 10 }), { x: 72, y: 600, width: 240, height: 72 });
  await page.drawField(form.createTextField('zip', { maxLength: 5, comb: true, fontSize: 12 }), { x: 72, y: 560, width: 120, height: 24 });
  await page.drawField(form.createCheckbox('agree', { onValue: 'Yes' }), { x: 72, y: 520, width: 18, height: 18 });
  const payment = form.createRadioGroup('payment', { options: ['Card', 'Cash'] });
  await page.drawField(payment, { x: 72, y: 480, width: 16, height: 16, option: 'Card' });
  await page.drawField(payment, { x: 120, y: 480, width: 16, height: 16, option: 'Cash' });
  await page.drawField(form.createDropdown('country', { options: ['France', 'Japan', 'Peru'], fontSize: 11 }), { x: 72, y: 440, width: 160, height: 24 });
  await page.drawField(form.createListbox('colors', { options: ['Red', 'Green', 'Blue'], multiSelect: true }), { x: 72, y: 340, width: 120, height: 72 });
  return pdf.save();
}

const FILLED = {
  'applicant.name': 'Ada Lovelace',
  notes: 'First line\nSecond line',
  zip: '75001',
  agree: true,
  payment: 'Cash',
  country: 'Peru',
  colors: ['Red', 'Blue'],
};

describe('readFormFields', () => {
  it('reads every kind of field with its value, options, flags and where its widgets sit', async () => {
    const fields = await readFormFields(await madeForm());
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(fields.map(({ name, type }) => [name, type])).toEqual([
      ['applicant.name', 'text'],
      ['notes', 'text'],
      ['zip', 'text'],
      ['agree', 'checkbox'],
      ['payment', 'radio'],
      ['country', 'combo'],
      ['colors', 'list'],
    ]);
    expect(byName.zip).toMatchObject({ maxLength: 5, comb: true, multiline: false, value: '' });
    expect(byName.notes).toMatchObject({ multiline: true });
    expect(byName.agree).toMatchObject({ value: false, options: ['Yes'] });
    expect(byName.payment).toMatchObject({ value: null, options: ['Card', 'Cash'] });
    expect(byName.country?.options).toEqual(['France', 'Japan', 'Peru']);
    expect(byName.colors).toMatchObject({ multiSelect: true, value: [] });
    // Page space: top-left origin, so a field 700 pt up a 792 pt page sits 68 pt from the top.
    expect(byName['applicant.name']?.widgets).toEqual([{ page: 1, rect: { x: 72, y: 68, width: 240, height: 24 } }]);
    expect(byName.payment?.widgets.map(({ rect }) => rect.x)).toEqual([72, 120]);
  });

  it('gives an empty list for a PDF without a form', async () => {
    const pdf = PDF.create();
    pdf.addPage({ width: 200, height: 200 });
    expect(await readFormFields(await pdf.save())).toEqual([]);
  });
});

describe('fillForm', () => {
  it('fills every kind of field, as MuPDF.js and poppler read them, appended to the original bytes', async () => {
    const original = await madeForm();
    const copy = original.slice();
    const filled = await fillForm(original, FILLED);
    expect(original).toEqual(copy);
    expect(filled.subarray(0, original.length)).toEqual(original);
    expect((await qpdfCheck(filled)).exitCode).toBe(0);
    const seen = mupdfValues(filled);
    expect(seen).toMatchObject({ 'applicant.name': 'Ada Lovelace', zip: '75001', agree: 'Yes', payment: 'Cash', country: 'Peru' });
    expect(seen.notes?.replace(/\r/g, '\n')).toBe('First line\nSecond line');
    // The appearances are drawn: poppler extracts the text shown in the fields.
    expect(await pdfText(filled)).toContain('Ada Lovelace');
    const again = Object.fromEntries((await readFormFields(filled)).map(({ name, value }) => [name, value]));
    expect(again).toEqual(FILLED);
  });

  it('flattens: the values become page content and no field is left', async () => {
    const flat = await fillForm(await madeForm(), { 'applicant.name': 'Grace Hopper' }, { flatten: true });
    expect(await readFormFields(flat)).toEqual([]);
    expect(Object.keys(mupdfValues(flat))).toEqual([]);
    expect(await pdfText(flat)).toContain('Grace Hopper');
  });

  it('flattens a page that had no content of its own', async () => {
    const pdf = PDF.create();
    const form = pdf.getOrCreateForm();
    await pdf.addPage({ width: 300, height: 200 }).drawField(form.createTextField('only', { fontSize: 12 }), { x: 20, y: 100, width: 200, height: 24 });
    const flat = await fillForm(await pdf.save(), { only: 'Katherine Johnson' }, { flatten: true });
    expect(await pdfText(flat)).toContain('Katherine Johnson');
  });

  it('refuses, naming it, a value for a field that is missing, or that the field cannot hold', async () => {
    const form = await madeForm();
    const refusal = async (values: Record<string, unknown>) => fillForm(form, values as never).then(() => 'filled', (error: unknown) => error);
    for (const [values, field, says] of [
      [{ nobody: 'x' }, 'values["nobody"]', /no field/],
      [{ zip: '750011' }, 'values["zip"]', /at most 5 characters/],
      [{ 'applicant.name': 'a\nb' }, 'values["applicant.name"]', /one line/],
      [{ agree: 'yes' }, 'values["agree"]', /true or false/],
      [{ payment: 'Cheque' }, 'values["payment"]', /"Card","Cash"/],
      [{ country: 'Mars' }, 'values["country"]', /"France"/],
      [{ colors: 'Red' }, 'values["colors"]', /a list of/],
    ] as const) {
      const error = await refusal(values);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({ field });
      expect((error as Error).message).toMatch(says);
    }
  });

  it.skipIf(!hasSharedPdfs)('keeps the IRS form’s signed usage rights: its bytes stay a prefix and /Perms /UR3 is untouched (skipped without ../shared/pdfs)', async () => {
    const original = readSharedPdf('prefilled_f1040.pdf');
    const fields = await readFormFields(original);
    expect(fields.length).toBeGreaterThan(200);
    const name = fields.find((field) => field.type === 'text' && !field.readOnly && field.widgets.length > 0)?.name ?? '';
    const filled = await fillForm(original, { [name]: 'Marginalia' });
    expect(filled.subarray(0, original.length)).toEqual(original);
    // The usage-rights signature and the form's append-only flag, as MuPDF.js reads the catalog.
    const rights = (bytes: Uint8Array) => {
      const root = (mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument).getTrailer().get('Root');
      return { perms: root.get('Perms').get('UR3').get('Contents').asString(), sigFlags: root.get('AcroForm').get('SigFlags').asNumber() };
    };
    expect(rights(original).perms.length).toBeGreaterThan(100);
    expect(rights(filled)).toEqual(rights(original));
    expect(mupdfValues(filled)[name]).toBe('Marginalia');
  });
});

describe('XFDF and JSON', () => {
  it('round-trips every value through XFDF with the field tree nested, and through JSON', async () => {
    const fields = await readFormFields(await fillForm(await madeForm(), FILLED));
    const xfdf = formValuesToXfdf(fields, { href: 'form.pdf' });
    expect(xfdf).toContain('<field name="applicant">');
    expect(xfdf).toContain('<value>Yes</value>');
    expect(xfdf).toContain('<f href="form.pdf"');
    expect(formValuesFromXfdf(xfdf, fields)).toEqual(FILLED);
    expect(parseFormValues(JSON.stringify(FILLED))).toEqual(FILLED);
  });

  it('reads XFDF as Acrobat writes it: full names, "Off" for a cleared box, unknown fields left out', async () => {
    const fields = await readFormFields(await madeForm());
    const xfdf = `<?xml version="1.0" encoding="UTF-8"?>
<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><fields>
<field name="applicant.name"><value>Émilie &amp; co</value></field>
<field name="agree"><value>Off</value></field><field name="payment"><value>Off</value></field>
<field name="colors"><value>Green</value></field><field name="ghost"><value>x</value></field>
</fields></xfdf>`;
    expect(formValuesFromXfdf(xfdf, fields)).toEqual({ 'applicant.name': 'Émilie & co', agree: false, payment: null, colors: ['Green'] });
  });

  it('refuses what is not XFDF or not form values, with a typed error', () => {
    expect(() => formValuesFromXfdf('<xfdf><fields>', [])).toThrow(InvalidInputError);
    expect(() => formValuesFromXfdf('<html/>', [])).toThrow(/expected an <xfdf> document/);
    expect(() => parseFormValues('[1]')).toThrow(InvalidInputError);
    expect(() => parseFormValues('{"a": 3}')).toThrow(/json\["a"\]/);
  });
});
