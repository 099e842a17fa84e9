// Filling a form in the editor, as a host's script or the form layer does: the fields come from
// pdf.js (no engine) and agree with the core's readFormFields; each value is one undo step that
// marks the document dirty; what a field cannot hold is refused as fillForm refuses it; the export
// writes the values into the fields (MuPDF reads them back), storage keeps them with the
// annotations, and JSON and XFDF carry them. Runs pdf.js in Node on a form the test makes, and on
// the shared forms when they are there.
import { beforeAll, describe, expect, it } from 'vitest';
import { fillForm, InvalidInputError, memoryStorage, readFormFields } from '../../core/index';
import type { FormField } from '../../core/index';
import { APPLICATION_VALUES, applicationForm, mupdfValues } from '../../test-support/formPdf';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { createEditor } from '../createEditor';
import type { EditorOptions } from '../options';
import { until, usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

const FORM_WAIT = { message: 'Timed out waiting for the form' };

/** An editor showing `file` (pdf.js opened it and read its form). */
async function openForm(file: Uint8Array, options: EditorOptions = {}) {
  const editor = createEditor({ file, signatureStore: null, ...options });
  const unmount = editor.mount();
  const detach = editor.document.attach();
  await until(() => editor.document.getState().status === 'ready' && editor.forms.getState().status !== 'reading', FORM_WAIT);
  return Object.assign(editor, {
    close() {
      detach();
      unmount();
    },
  });
}

/** What both readers must agree on: the core's fields without anything pdf.js adds. */
const comparable = (fields: readonly FormField[]) =>
  fields.map(({ name, type, value, options, readOnly, required, multiline, maxLength, comb, multiSelect, editable, widgets }) => ({
    name,
    type,
    value,
    options,
    readOnly,
    required,
    multiline,
    maxLength,
    comb,
    multiSelect,
    editable,
    widgets: widgets.map(({ page, rect }) => ({ page, x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) })),
  }));

beforeAll(async () => {
  await usePdfjsWorkerInNode();
});

describe('the form of the document on show', () => {
  it('must list the fields pdf.js reads as the core reads them, with the font size, tooltip and on state of each', async () => {
    const file = await applicationForm();
    const editor = await openForm(file);
    const { fields, status } = editor.forms.getState();
    expect(status).toBe('ready');
    expect(comparable(fields)).toEqual(comparable(await readFormFields(file)));
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(byName['applicant.name']).toMatchObject({ fontSize: 12, label: "Applicant's full name" });
    expect(byName.notes).toMatchObject({ fontSize: 10, label: null, multiline: true });
    expect(byName.ref).toMatchObject({ readOnly: true, value: 'A-17' });
    expect(byName.payment?.widgets.map((widget) => widget.exportValue)).toEqual(['Card', 'Cash']);
    expect(fields.map((field) => field.widgets[0]?.page)).toEqual([1, 1, 1, 1, 1, 2, 2, 2]);
    editor.close();
  });

  it('must know a document without a form has none', async () => {
    const { PDF } = await import('../../core/pdf/engine');
    const pdf = PDF.create();
    pdf.addPage({ width: 200, height: 200 });
    const editor = await openForm(await pdf.save());
    expect(editor.forms.getState()).toEqual({ status: 'none', fields: [] });
    editor.close();
  });

  it.skipIf(!hasSharedPdfs)('must agree with the core on the shared forms (the IRS 1040 and the pdf.js corpus)', async () => {
    // Not annotation-button-widget.pdf: its radio groups' /V names an on state that /Opt maps to an
    // export value, which pdf.js follows and the engine does not.
    for (const name of ['prefilled_f1040.pdf', 'pdfjs-corpus/annotation-choice-widget.pdf', 'pdfjs-corpus/file_pdfjs_form.pdf', 'pdfjs-corpus/form_two_pages.pdf']) {
      const file = readSharedPdf(name);
      const editor = await openForm(file);
      const core = comparable(await readFormFields(file)).filter((field) => field.widgets.length > 0);
      const shown = comparable(editor.forms.getState().fields);
      // pdf.js leaves hidden widgets out; the names, types, values and options of the rest agree.
      const byName = new Map(core.map((field) => [field.name, field]));
      expect(shown.length, name).toBeGreaterThan(0);
      for (const field of shown) {
        const { widgets: _shown, ...rest } = field;
        const { widgets: _core, ...expected } = byName.get(field.name) ?? { widgets: [] };
        expect(rest, `${name}: ${field.name}`).toEqual(expected);
      }
      editor.close();
    }
  });
});

describe('filling it in', () => {
  it('must make each value one undo step that marks the document dirty, and undo back to the file', async () => {
    const storage = memoryStorage();
    const editor = await openForm(await applicationForm(), { storage, documentId: 'form' });
    await until(() => editor.storageVersion === 0, FORM_WAIT);
    editor.forms.setValue('applicant.name', 'Ada Lovelace');
    editor.forms.setValue('agree', true);
    expect(editor.forms.values).toEqual({ 'applicant.name': 'Ada Lovelace', agree: true });
    expect(editor.getState()).toMatchObject({ dirty: true, canUndo: true });
    editor.undo();
    expect(editor.forms.values).toEqual({ 'applicant.name': 'Ada Lovelace' });
    expect(editor.forms.valueOf('agree')).toBe(false);
    editor.undo();
    expect(editor.forms.values).toEqual({});
    expect(editor.getState().dirty).toBe(false);
    editor.redo();
    expect(editor.forms.valueOf('applicant.name')).toBe('Ada Lovelace');
    // Back at the file's value: nothing of the user's is left for that field.
    editor.forms.setValue('applicant.name', '');
    expect(editor.forms.values).toEqual({});
    editor.close();
  });

  it('must refuse what a field cannot hold, naming the field, as fillForm does', async () => {
    const file = await applicationForm();
    const editor = await openForm(file);
    const refused = (name: string, value: unknown) => {
      try {
        editor.forms.setValue(name, value as never);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        return (error as InvalidInputError).message;
      }
      throw new Error(`${name} took ${JSON.stringify(value)}`);
    };
    expect(refused('zip', '750011')).toMatch(/values\["zip"\].*at most 5 characters/);
    expect(refused('applicant.name', 'two\nlines')).toMatch(/one line/);
    expect(refused('ref', 'B-2')).toMatch(/read-only/);
    expect(refused('country', 'Mars')).toMatch(/one of/);
    expect(refused('nowhere', 'x')).toMatch(/no field/);
    expect(refused('agree', 'yes')).toMatch(/true or false/);
    // The core refuses the same values.
    await expect(fillForm(file, { zip: '750011' })).rejects.toThrow(/at most 5 characters/);
    expect(editor.forms.values).toEqual({});
    expect(editor.getState().canUndo).toBe(false);
    editor.close();
  });

  it('must export the values into the fields, so MuPDF reads them, and flatten them on request', async () => {
    const editor = await openForm(await applicationForm());
    editor.forms.setValues(APPLICATION_VALUES as never);
    expect(editor.getState().canUndo).toBe(true);
    const exported = await editor.exportPdf({ mode: 'native' });
    expect(mupdfValues(exported)).toMatchObject({ 'applicant.name': 'Ada Lovelace', zip: '75001', agree: 'Yes', payment: 'Cash', country: 'Peru', ref: 'A-17' });
    const read = Object.fromEntries((await readFormFields(exported)).map((field) => [field.name, field.value]));
    expect(read).toMatchObject({ ...APPLICATION_VALUES, colors: ['Red', 'Blue'] });
    const flat = await editor.exportPdf({ flattenForm: true });
    expect(await readFormFields(flat)).toEqual([]);
    editor.close();
  });

  it.skipIf(!hasSharedPdfs)('must keep the IRS form with usage rights as a prefix of its export when only values changed', async () => {
    const file = readSharedPdf('prefilled_f1040.pdf');
    const editor = await openForm(file);
    const text = editor.forms.getState().fields.find((field) => field.type === 'text' && !field.readOnly && field.maxLength === null && !field.comb);
    if (!text) throw new Error('no text field to fill');
    editor.forms.setValue(text.name, 'Filled by the editor');
    const exported = await editor.exportPdf({ mode: 'native' });
    expect(Buffer.from(exported.subarray(0, file.length)).equals(Buffer.from(file))).toBe(true);
    expect(Buffer.from(exported).includes('/UR3')).toBe(true);
    expect(mupdfValues(exported)[text.name]).toBe('Filled by the editor');
    editor.close();
  });
});

describe('keeping and carrying the values', () => {
  it('must save the values with the annotations and load them back, and an adapter that ignores them keeps working', async () => {
    const file = await applicationForm();
    const storage = memoryStorage();
    const first = await openForm(file, { storage, documentId: 'form' });
    first.forms.setValue('payment', 'Card');
    first.forms.setValue('colors', ['Green']);
    expect(await first.save()).toBe(true);
    expect(first.getState().dirty).toBe(false);
    first.close();
    expect((await storage.load('form'))?.formValues).toEqual({ payment: 'Card', colors: ['Green'] });

    const second = await openForm(file, { storage, documentId: 'form' });
    await until(() => second.storageVersion === 1, FORM_WAIT);
    expect(second.forms.values).toEqual({ payment: 'Card', colors: ['Green'] });
    expect(second.getState()).toMatchObject({ dirty: false, canUndo: false });
    second.close();

    // An adapter written before forms: four parameters, no formValues given back.
    const saved: unknown[][] = [];
    const older = await openForm(file, {
      documentId: 'old',
      storage: { load: async () => null, save: async (...args: unknown[]) => (saved.push(args), { annotations: [], version: 1 }) },
    });
    older.forms.setValue('zip', '12345');
    expect(await older.save()).toBe(true);
    expect(saved).toHaveLength(1);
    older.close();
  });

  it('must carry the values as JSON and XFDF, each import one undo step', async () => {
    const file = await applicationForm();
    const from = await openForm(file);
    from.forms.setValues(APPLICATION_VALUES as never);
    const json = from.forms.exportJson();
    const xfdf = await from.forms.exportXfdf({ href: 'application.pdf' });
    expect(JSON.parse(json)).toMatchObject({ ...APPLICATION_VALUES, ref: 'A-17' });
    expect(xfdf).toContain('<f href="application.pdf"');
    from.close();

    for (const load of [(editor: typeof from) => editor.forms.importJson(json), (editor: typeof from) => editor.forms.importXfdf(xfdf)]) {
      const to = await openForm(file);
      await load(to);
      expect(to.forms.values).toEqual(APPLICATION_VALUES);
      to.undo();
      expect(to.forms.values).toEqual({});
      to.close();
    }
  });
});
