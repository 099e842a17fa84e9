// Redaction of what lies beside the page content: annotations (our private copies included), form
// fields, links, the document's metadata, encrypted files. Judged in the decompressed bytes (qpdf).
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { PdfEncryptedError, PdfPasswordError } from '../errors';
import { exportPdf } from '../export/exportPdf';
import { normalizeAnnotation } from '../model/defaults';
import { protectPdf } from '../pdf/protection';
import { removeTempFiles, writeTemp } from '../pages/pdfTools.testkit';
import { decompressed, holds } from './auditor.testkit';
import { redactPdf } from './redactPdf';

afterAll(removeTempFiles);

/** The top 200 points of a Letter page, in page space: where every secret of these files lies. */
const TOP = { page: 1, rect: { x: 0, y: 0, width: 612, height: 200 } };

/** A Letter page with a text field, a link and (from our export) two comments: each once in the top 200 points, once below. */
async function formsAndLinks(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const secretField = form.createTextField('applicant.ssn');
  secretField.setText('FIELDSECRET');
  secretField.addToPage(page, { x: 72, y: 700, width: 200, height: 20 });
  const keptField = form.createTextField('applicant.city');
  keptField.setText('FIELDKEEP');
  keptField.addToPage(page, { x: 72, y: 300, width: 200, height: 20 });
  form.updateFieldAppearances(await doc.embedFont(StandardFonts.Helvetica));
  const link = (uri: string, y: number) =>
    doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [300, y, 400, y + 20], A: { S: 'URI', URI: PDFString.of(uri) } }),
    );
  page.node.addAnnot(link('https://example.com/LINKSECRET', 700));
  page.node.addAnnot(link('https://example.com/LINKKEEP', 300));
  const drawn = await doc.save();
  const comment = (id: string, content: string, y: number) =>
    normalizeAnnotation({ type: 'comment', page: 1, id, position: { x: 450, y }, content });
  return exportPdf(drawn, [comment('secret-note', 'NOTESECRET', 100), comment('kept-note', 'NOTEKEEP', 500)], { mode: 'native' });
}

describe('redactPdf beside the page content', () => {
  it('must remove annotations, our private copy of them, form fields and links under a mark, and keep the others', async () => {
    const source = await formsAndLinks();
    const before = decompressed(source);
    for (const word of ['FIELDSECRET', 'LINKSECRET', 'NOTESECRET', 'FIELDKEEP', 'LINKKEEP', 'NOTEKEEP']) expect(holds(before, word)).toBe(true);
    const { bytes, areas } = await redactPdf(source, { areas: [TOP] });
    const text = decompressed(bytes);
    for (const secret of ['FIELDSECRET', 'LINKSECRET', 'NOTESECRET', 'secret-note', 'applicant.ssn', 'ssn']) expect(holds(text, secret)).toBe(false);
    for (const kept of ['FIELDKEEP', 'LINKKEEP', 'NOTEKEEP', 'kept-note', 'city']) expect(holds(text, kept)).toBe(true);
    expect(areas[0]?.formFields).toEqual(['applicant.ssn']);
    expect(areas[0]?.annotations.map((annotation) => annotation.subtype).sort()).toEqual(['Link', 'Text', 'Widget']);
    expect(areas[0]?.annotations.find((annotation) => annotation.subtype === 'Text')?.id).toBe('secret-note');
    // The comment that stays still imports from its private copy.
    const { importAnnotations } = await import('../import/importAnnotations');
    const imported = await importAnnotations(bytes);
    expect(imported.map((annotation) => annotation.id)).toEqual(['kept-note']);
  });

  it("must remove an XFA form's copy of the values too", async () => {
    const doc = await PDFDocument.load(await formsAndLinks());
    const xfa = doc.context.stream('<xfa:datasets><ssn>XFASECRET</ssn></xfa:datasets>');
    doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict).set(PDFName.of('XFA'), doc.context.register(xfa));
    const source = await doc.save({ useObjectStreams: false });
    expect(holds(decompressed(source), 'XFASECRET')).toBe(true);
    const { bytes } = await redactPdf(source, { areas: [TOP] });
    expect(holds(decompressed(bytes), 'XFASECRET')).toBe(false);
  });

  it('must remove the thumbnail of a redacted page, a picture of it as it was', async () => {
    const doc = await PDFDocument.load(await formsAndLinks());
    const thumbnail = doc.context.stream('THUMBSECRET', { Width: 1, Height: 11, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
    doc.getPage(0).node.set(PDFName.of('Thumb'), doc.context.register(thumbnail));
    const source = await doc.save({ useObjectStreams: false });
    expect(holds(decompressed(source), 'THUMBSECRET')).toBe(true);
    const { bytes } = await redactPdf(source, { areas: [TOP] });
    expect(holds(decompressed(bytes), 'THUMBSECRET')).toBe(false);
  });

  it('must leave no earlier revision of the file behind', async () => {
    // Our native export appends an update: the original page and its objects stay in the bytes.
    const source = await formsAndLinks();
    expect(Buffer.from(source).toString('latin1').split('startxref').length - 1).toBeGreaterThan(1);
    const { bytes } = await redactPdf(source, { areas: [TOP] });
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.split('startxref').length - 1).toBe(1);
    expect(raw.split('%%EOF').length - 1).toBe(1);
    expect(raw).not.toMatch(/\/Prev\s/);
  });

  it('must write no object the document does not use', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    // An object nothing refers to, as editors leave behind when they delete an annotation.
    doc.context.register(doc.context.obj({ Contents: PDFString.of('ORPHANSECRET') }));
    const source = await doc.save({ useObjectStreams: false });
    expect(holds(decompressed(source), 'ORPHANSECRET')).toBe(true);
    for (const areas of [[], [TOP]]) {
      const { bytes } = await redactPdf(source, { areas });
      expect(holds(decompressed(bytes), 'ORPHANSECRET')).toBe(false);
    }
  });

  it('must remove the document information of a file that has nothing else to remove', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.setTitle('ONLYTITLESECRET');
    const source = await doc.save({ useObjectStreams: false });
    const { bytes, metadata } = await redactPdf(source, { areas: [], removeMetadata: true });
    expect(metadata).toEqual(['info']);
    expect(holds(decompressed(bytes), 'ONLYTITLESECRET')).toBe(false);
  });

  it('must remove the document information, XMP, bookmarks and attachments with removeMetadata', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.setTitle('TITLESECRET');
    doc.setAuthor('AUTHORSECRET');
    await doc.attach(new TextEncoder().encode('ATTACHMENTSECRET'), 'secret.txt', { mimeType: 'text/plain' });
    const xmp = doc.context.stream('<x:xmpmeta xmlns:x="adobe:ns:meta/">XMPSECRET</x:xmpmeta>', { Type: 'Metadata', Subtype: 'XML' });
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
    const outlines = doc.context.register(doc.context.obj({ Type: 'Outlines', Count: 1 }));
    const item = doc.context.register(doc.context.obj({ Title: PDFString.of('BOOKMARKSECRET'), Parent: outlines, Dest: [doc.getPage(0).ref, 'Fit'] }));
    doc.context.lookup(outlines)?.toString();
    (doc.context.lookup(outlines) as unknown as { set(key: PDFName, value: unknown): void }).set(PDFName.of('First'), item);
    (doc.context.lookup(outlines) as unknown as { set(key: PDFName, value: unknown): void }).set(PDFName.of('Last'), item);
    doc.catalog.set(PDFName.of('Outlines'), outlines);
    const source = await doc.save({ useObjectStreams: false });
    for (const secret of ['TITLESECRET', 'XMPSECRET', 'BOOKMARKSECRET']) expect(holds(decompressed(source), secret)).toBe(true);

    const kept = decompressed((await redactPdf(source, { areas: [] })).bytes);
    expect(holds(kept, 'TITLESECRET')).toBe(true);
    const { bytes, metadata } = await redactPdf(source, { areas: [], removeMetadata: true });
    const text = decompressed(bytes);
    for (const secret of ['TITLESECRET', 'AUTHORSECRET', 'ATTACHMENTSECRET', 'XMPSECRET', 'BOOKMARKSECRET', 'secret.txt']) expect({ secret, found: holds(text, secret) }).toEqual({ secret, found: false });
    expect([...metadata].sort()).toEqual(['attachments', 'bookmarks', 'info', 'xmp']);
    const info = spawnSync('pdfinfo', [writeTemp(bytes)], { encoding: 'utf8' }).stdout;
    expect(info).not.toMatch(/^(Title|Author):/m);
  });

  it('must redact an encrypted file opened with its password, and refuse a wrong one', async () => {
    const source = await protectPdf(await formsAndLinks(), { userPassword: 'open', ownerPassword: 'owner' });
    await expect(redactPdf(source, { areas: [TOP] })).rejects.toBeInstanceOf(PdfPasswordError);
    await expect(redactPdf(source, { areas: [TOP], password: 'wrong' })).rejects.toBeInstanceOf(PdfPasswordError);
    const { bytes } = await redactPdf(source, { areas: [TOP], password: 'owner' });
    const text = decompressed(bytes);
    expect(holds(text, 'FIELDSECRET')).toBe(false);
    expect(holds(text, 'FIELDKEEP')).toBe(true);
    expect(text).not.toContain('/Encrypt');
  });

  it('must refuse, with PdfEncryptedError, a user password that does not allow changes', async () => {
    const source = await protectPdf(await formsAndLinks(), { userPassword: 'open', ownerPassword: 'owner', permissions: { modify: false } });
    const refused = redactPdf(source, { areas: [TOP], password: 'open' });
    await expect(refused).rejects.toBeInstanceOf(PdfEncryptedError);
    await expect(refused).rejects.not.toBeInstanceOf(PdfPasswordError);
  });
});
