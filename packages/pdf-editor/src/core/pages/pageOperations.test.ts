import { PDF, PdfArray, PdfDict, PdfName, PdfNull, PdfRef, PdfString, type PdfObject } from '../pdf/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, PageRangeError, PdfInvalidError, PdfPasswordError } from '../errors';
import { pdfDict } from '../pdf/objects';
import { openPdf } from '../pdf/openPdf';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { applyPageOperation } from './applyPageOperation';
import {
  deletePages,
  getPageSizes,
  insertPages,
  mergePdfs,
  reorderPages,
  rotatePages,
  splitPdf,
} from './pageOperations';
import {
  isEncrypted,
  pageCount,
  pageGeometry,
  pageObjectCount,
  pageText,
  qpdfCheck,
  removeTempFiles,
  showEncryption,
  writeTemp,
} from './pdfTools.testkit';

const LETTER = { width: 612, height: 792 };

/** Link annotations per page, and where each explicit destination points: an own page, null or elsewhere. */
async function links(
  bytes: Uint8Array,
): Promise<{ count: number; targets: Array<'own' | 'null' | 'other'> }> {
  const { pdf } = await openPdf(bytes);
  const resolve = (value: PdfObject | undefined) => (value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value);
  const own = new Set(pdf.getPages().map((page) => page.ref.toString()));
  const targets: Array<'own' | 'null' | 'other'> = [];
  let count = 0;
  const classify = (dest: PdfObject | undefined) => {
    if (!(dest instanceof PdfArray)) return;
    const first = dest.at(0);
    targets.push(first instanceof PdfNull ? 'null' : own.has(String(first)) ? 'own' : 'other');
  };
  for (const page of pdf.getPages()) {
    const annots = resolve(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots) {
      const annot = resolve(item);
      if (!(annot instanceof PdfDict) || annot.getName('Subtype')?.value !== 'Link') continue;
      count++;
      classify(resolve(annot.get('Dest')));
      const action = resolve(annot.get('A'));
      if (action instanceof PdfDict) classify(resolve(action.get('D')));
    }
  }
  return { count, targets };
}

/** Three pages; page 1 links to page 2 (/Dest) and page 3 (GoTo action); page 3 links back to page 1. */
async function linkedDocument(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const pages = [pdf.addPage(), pdf.addPage(), pdf.addPage()];
  const link = (from: number, to: number, viaAction: boolean) => {
    const dest = new PdfArray([pages[to]!.ref, PdfName.of('Fit')]);
    const annot = pdfDict({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 100, 100],
      ...(viaAction ? { A: { S: 'GoTo', D: dest } } : { Dest: dest }),
    });
    const page = pages[from]!;
    const annots = page.dict.getArray('Annots') ?? new PdfArray();
    annots.push(pdf.register(annot));
    page.dict.set('Annots', annots);
  };
  link(0, 1, false);
  link(0, 2, true);
  link(2, 0, false);
  pages.forEach((page, i) => page.drawText(`Page ${i + 1}`, { x: 50, y: 700 }));
  return pdf.save();
}

/**
 * `pageTotal` pages with `perPage` named destinations each: those of the first half in a name tree
 * (leaves under a root's /Kids), the rest in the catalog's /Dests dictionary. Every page links to
 * the first name of the next page (the last page to the first page's).
 */
async function namedDestinationDocument(pageTotal: number, perPage: number): Promise<Uint8Array> {
  const pdf = PDF.create();
  const pages = Array.from({ length: pageTotal }, () => pdf.addPage());
  const inTree = (page: number) => page < pageTotal / 2;
  const name = (page: number, n: number) => `chapter-${String(page).padStart(4, '0')}-${n}`;
  const leaves: ReturnType<typeof pdf.register>[] = [];
  const dictionary = new PdfDict();
  for (let page = 0; page < pageTotal; page++) {
    const entries: PdfObject[] = [];
    for (let n = 0; n < perPage; n++) {
      const destination = new PdfArray([pages[page]!.ref, PdfName.of('XYZ'), PdfNull.instance, PdfNull.instance, PdfNull.instance]);
      if (inTree(page)) entries.push(PdfString.fromString(name(page, n)), destination);
      else dictionary.set(name(page, n), new PdfDict([['D', destination]]));
    }
    if (entries.length > 0) leaves.push(pdf.register(new PdfDict([['Names', new PdfArray(entries)]])));
    const next = (page + 1) % pageTotal;
    const target = inTree(next) ? PdfString.fromString(name(next, 0)) : PdfName.of(name(next, 0));
    pages[page]!.dict.set('Annots', new PdfArray([pdf.register(pdfDict({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100] }))]));
    const link = pdf.getObject(pages[page]!.dict.getArray('Annots')!.at(0) as PdfRef) as PdfDict;
    link.set('Dest', target);
    pages[page]!.drawText(`Page ${page + 1}`, { x: 50, y: 700 });
  }
  pdf.getCatalog().set('Names', new PdfDict([['Dests', pdf.register(new PdfDict([['Kids', new PdfArray(leaves)]]))]]));
  pdf.getCatalog().set('Dests', pdf.register(dictionary));
  return pdf.save();
}

/** The named destinations a file holds (tree and dictionary), and the names its links jump to. */
async function namedDestinations(bytes: Uint8Array): Promise<{ names: string[]; links: string[] }> {
  const { pdf } = await openPdf(bytes);
  const resolve = (value: PdfObject | undefined) => (value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value);
  const names: string[] = [];
  const visit = (node: PdfObject | undefined) => {
    const dict = resolve(node);
    if (!(dict instanceof PdfDict)) return;
    const entries = resolve(dict.get('Names'));
    if (entries instanceof PdfArray) for (let i = 0; i < entries.length; i += 2) names.push((entries.at(i) as PdfString).asString());
    const kids = resolve(dict.get('Kids'));
    if (kids instanceof PdfArray) for (const kid of kids) visit(kid);
  };
  const catalogNames = resolve(pdf.getCatalog().get('Names'));
  if (catalogNames instanceof PdfDict) visit(catalogNames.get('Dests'));
  const dictionary = resolve(pdf.getCatalog().get('Dests'));
  if (dictionary instanceof PdfDict) for (const [key] of dictionary) names.push(key.value);
  const linkNames: string[] = [];
  for (const page of pdf.getPages()) {
    const annots = resolve(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots) {
      const dest = (resolve(item) as PdfDict).get('Dest');
      linkNames.push(dest instanceof PdfString ? dest.asString() : dest instanceof PdfName ? dest.value : '?');
    }
  }
  return { names: names.sort(), links: linkNames };
}

describe('named destinations when splitting', () => {
  it('must give each part only the names that lead to its pages, and drop links to names left out', async () => {
    const source = await namedDestinationDocument(40, 25);
    const ranges = Array.from({ length: 10 }, (_, i) => ({ from: i * 4 + 1, to: i * 4 + 4 }));
    const parts = await splitPdf(source, ranges);
    for (const [i, part] of parts.entries()) {
      const { names, links: linkNames } = await namedDestinations(part);
      const pagesOfPart = [0, 1, 2, 3].map((n) => i * 4 + n);
      expect(names).toEqual(pagesOfPart.flatMap((page) => Array.from({ length: 25 }, (_, n) => `chapter-${String(page).padStart(4, '0')}-${n}`)).sort());
      // The links to the next page's first name inside the part remain; the last page's leads out.
      expect(linkNames).toEqual(pagesOfPart.slice(0, 3).map((page) => `chapter-${String(page + 1).padStart(4, '0')}-0`));
      expect(qpdfCheck(part).status).toBe(0);
    }
    // Together the parts hold the source's names once: about the source's size, not ten times it.
    const written = parts.reduce((sum, part) => sum + part.byteLength, 0);
    expect(written).toBeLessThan(source.byteLength * 1.5);
  });
});

describe.skipIf(!hasSharedPdfs)('page operations on real PDFs', () => {
  let tracemonkey: Uint8Array;
  let sizes: Uint8Array;
  let tracemonkeyFile: string;

  beforeAll(() => {
    tracemonkey = readSharedPdf('tracemonkey.pdf');
    sizes = readSharedPdf('sizes.pdf');
    tracemonkeyFile = writeTemp(tracemonkey);
  });
  afterAll(removeTempFiles);

  it('must merge tracemonkey.pdf and sizes.pdf into 17 pages with sizes and text preserved', async () => {
    const merged = await mergePdfs([tracemonkey, sizes.buffer.slice(0) as ArrayBuffer]);
    const geometry = await pageGeometry(merged);
    expect(geometry).toHaveLength(17);
    expect(geometry.slice(0, 14).every((p) => p.width === 612 && p.height === 792)).toBe(true);
    expect(geometry.slice(14).map(({ width, height }) => [width, height])).toEqual([
      [612, 792],
      [649, 323],
      [792, 612],
    ]);
    expect(qpdfCheck(merged).status).toBe(0);
    expect(pageText(merged, 1)).toContain('Trace-based Just-in-Time');
    expect(pageText(merged, 16)).toContain('Envelope');
    expect(pageText(merged, 17)).toContain('Landscape');
  });

  it('must split freeculture.pdf (352 pages) into ranges, keeping its links', async () => {
    const source = readSharedPdf('freeculture.pdf');
    const ranges = [
      { from: 1, to: 12 },
      { from: 13, to: 351 },
      { from: 352, to: 352 },
    ];
    const parts = await splitPdf(source, ranges);
    expect(await Promise.all(parts.map((part) => pageCount(part)))).toEqual([12, 339, 1]);
    const sourceFile = writeTemp(source);
    expect(pageText(parts[1]!, 1)).toBe(pageText(sourceFile, 13));
    expect(pageText(parts[2]!, 1)).toBe(pageText(sourceFile, 352));
    for (const part of parts) expect(qpdfCheck(part).status).toBe(0);
    // The parts together hold the book's 172 links once each, and a single page is a small file.
    const linkCounts = await Promise.all(parts.map(async (part) => (await links(part)).count));
    expect(linkCounts.reduce((sum, n) => sum + n, 0)).toBe(172);
    expect(parts[2]!.byteLength).toBeLessThan(source.byteLength / 10);
  });

  it('must keep links between kept pages and drop links to pages left out', async () => {
    const source = await linkedDocument();
    expect((await links(source)).targets).toEqual(['own', 'own', 'own']);
    const [firstTwo, lastOnly] = await splitPdf(source, [
      { from: 1, to: 2 },
      { from: 3, to: 3 },
    ]);
    expect(await links(firstTwo!)).toEqual({ count: 1, targets: ['own'] });
    expect(await links(lastOnly!)).toEqual({ count: 0, targets: [] });
    // No copy of a page left out rides along (a plain deep copy would add one per link).
    expect(pageObjectCount(firstTwo!)).toBe(2);
    expect(pageText(lastOnly!, 1)).toContain('Page 3');

    const reordered = await reorderPages(source, [3, 2, 1]);
    expect((await links(reordered)).targets).toEqual(['own', 'own', 'own']);
  });

  it('must keep named destinations pointing at kept pages when extracting', async () => {
    const source = readSharedPdf('bug1997343.pdf');
    const firstPage = await applyPageOperation(source, { type: 'extract', range: { from: 1, to: 1 } });
    const { pdf } = await openPdf(firstPage);
    const names = pdf.getCatalog().getDict('Names', (ref) => pdf.getObject(ref));
    expect(names?.get('Dests')).toBeDefined();
    expect(qpdfCheck(firstPage).status).toBe(0);
    expect(pageText(firstPage, 1)).toBe(pageText(writeTemp(source), 1));
  });

  it('must add the rotation to each page of habibi-rotated.pdf (90, 180, 270, 0)', async () => {
    const source = readSharedPdf('habibi-rotated.pdf');
    expect((await pageGeometry(source)).map((p) => p.rotation)).toEqual([90, 180, 270, 0]);
    const turned = await rotatePages(source, [1, 2, 3, 4], 90);
    expect((await pageGeometry(turned)).map((p) => p.rotation)).toEqual([180, 270, 0, 90]);
    const back = await rotatePages(turned, [1, 3], -90);
    expect((await pageGeometry(back)).map((p) => p.rotation)).toEqual([90, 270, 270, 90]);
    expect(qpdfCheck(back).status).toBe(0);
    expect((await getPageSizes(source)).map((s) => Math.round(s.width))).toEqual([842, 595, 842, 595]);
  });

  it('must delete pages and renumber the rest', async () => {
    const fewer = await deletePages(tracemonkey, [2, 14, 2]);
    expect(await pageCount(fewer)).toBe(12);
    expect(pageText(fewer, 1)).toBe(pageText(tracemonkeyFile, 1));
    expect(pageText(fewer, 2)).toBe(pageText(tracemonkeyFile, 3));
    expect(pageText(fewer, 12)).toBe(pageText(tracemonkeyFile, 13));
    expect(qpdfCheck(fewer).status).toBe(0);
  });

  it('must reorder pages: page 1 afterwards is the old page N', async () => {
    const reversed = await reorderPages(
      tracemonkey,
      Array.from({ length: 14 }, (_, i) => 14 - i),
    );
    expect(pageText(reversed, 1)).toBe(pageText(tracemonkeyFile, 14));
    expect(pageText(reversed, 14)).toBe(pageText(tracemonkeyFile, 1));
    expect(qpdfCheck(reversed).status).toBe(0);

    const landscapeFirst = await applyPageOperation(sizes, { type: 'reorder', order: [3, 1, 2] });
    expect((await pageGeometry(landscapeFirst)).map(({ width, height }) => [width, height])).toEqual([
      [792, 612],
      [612, 792],
      [649, 323],
    ]);
    expect(pageText(landscapeFirst, 1)).toContain('Landscape');
  });

  it('must insert blank pages, or the pages of another PDF, before a page', async () => {
    const withBlanks = await insertPages(sizes, 2, 2);
    const geometry = await pageGeometry(withBlanks);
    expect(geometry.map(({ width, height }) => [width, height])).toEqual([
      [612, 792],
      [612, 792],
      [612, 792],
      [649, 323],
      [792, 612],
    ]);
    expect(pageText(withBlanks, 2).trim()).toBe('');
    expect(pageText(withBlanks, 4)).toContain('Envelope');

    const withDocument = await applyPageOperation(tracemonkey, {
      type: 'insert',
      at: 15,
      count: 3,
      document: sizes,
    });
    expect(await pageCount(withDocument)).toBe(17);
    expect(pageText(withDocument, 17)).toContain('Landscape');
    expect(qpdfCheck(withDocument).status).toBe(0);
    await expect(insertPages(sizes, 1, 2, { document: tracemonkey })).rejects.toThrow(PageRangeError);
    expect(await pageGeometry(await insertPages(sizes, 4, 1, { size: LETTER }))).toHaveLength(4);
  });

  it('must refuse page numbers and ranges that do not exist, with a clear message', async () => {
    await expect(splitPdf(sizes, [{ from: 0, to: 2 }])).rejects.toThrow(InvalidInputError);
    await expect(splitPdf(sizes, [{ from: 3, to: 2 }])).rejects.toThrow(InvalidInputError);
    await expect(splitPdf(sizes, [{ from: 1, to: 4 }])).rejects.toThrow(/Page 4 does not exist/);
    await expect(splitPdf(sizes, [])).rejects.toThrow(PageRangeError);
    await expect(deletePages(sizes, [1, 2, 3])).rejects.toThrow(/Cannot delete every page/);
    await expect(deletePages(sizes, [])).rejects.toThrow(PageRangeError);
    await expect(rotatePages(sizes, [4], 90)).rejects.toThrow(PageRangeError);
    await expect(rotatePages(sizes, [1], 45 as 90)).rejects.toThrow(InvalidInputError);
    await expect(reorderPages(sizes, [1, 1, 2])).rejects.toThrow(
      /each page from 1 to 3 exactly once; got \[1, 1, 2\]/,
    );
    await expect(reorderPages(sizes, [1, 2])).rejects.toThrow(PageRangeError);
    await expect(insertPages(sizes, 5, 1)).rejects.toThrow(/1 to 4/);
    await expect(mergePdfs([])).rejects.toThrow(PageRangeError);
  });

  it('must rotate a file encrypted with an empty user password, keeping it encrypted', async () => {
    const source = readSharedPdf('empty_protected.pdf');
    const turned = await rotatePages(source, [1], 90);
    expect((await pageGeometry(turned)).map((p) => p.rotation)).toEqual([90]);
    expect(isEncrypted(turned)).toBe(true);
    expect(qpdfCheck(turned).status).not.toBe(2);
  });

  it.each([
    ['empty_protected.pdf', undefined],
    ['libreoffice-writer-password.pdf', 'openpassword'],
  ] as const)('must delete pages of %s keeping it encrypted with the same handler and permissions', async (name, password) => {
    const source = readSharedPdf(name);
    const options = password === undefined ? {} : { password };
    const encryption = (bytes: Uint8Array) => showEncryption(bytes, password);
    // The shared files have one page: add a blank one before it, then delete that one again.
    const longer = await insertPages(source, 1, 1, options);
    const fewer = await deletePages(longer, [1], options);
    expect(await pageCount(fewer, password)).toBe(1);
    expect(pageText(fewer, 1, password)).toBe(pageText(source, 1, password));
    expect(encryption(fewer)).toBe(encryption(source));
    expect(encryption(fewer)).toMatch(/^R = \d/);
    expect(qpdfCheck(fewer, password).status).not.toBe(2);
    // The kept page and what the password protects stay where they were: the update is appended.
    expect(Buffer.from(fewer.subarray(0, longer.length)).equals(Buffer.from(longer))).toBe(true);
  });

  it('must say that extracting from an encrypted file gives an unencrypted one (as documented)', async () => {
    const source = readSharedPdf('libreoffice-writer-password.pdf');
    const part = await applyPageOperation(source, { type: 'extract', range: { from: 1, to: 1 } }, { password: 'openpassword' });
    expect(isEncrypted(part)).toBe(false);
    expect(pageText(part, 1)).toBe(pageText(source, 1, 'openpassword'));
  });

  it('must ask for the password of a user-password file and work with the right one', async () => {
    const source = readSharedPdf('libreoffice-writer-password.pdf');
    await expect(rotatePages(source, [1], 90)).rejects.toThrow(PdfPasswordError);
    await expect(mergePdfs([sizes, source])).rejects.toThrow(PdfPasswordError);
    await expect(applyPageOperation(source, { type: 'rotate', pages: [1], degrees: 90 }, { password: 'wrong' })).rejects.toThrow(
      PdfPasswordError,
    );
    const turned = await applyPageOperation(source, { type: 'rotate', pages: [1], degrees: 90 }, { password: 'openpassword' });
    expect(isEncrypted(turned, 'openpassword')).toBe(true);
    expect((await openPdf(turned, { password: 'openpassword' })).pdf.getPage(0)?.rotation).toBe(90);
    const merged = await mergePdfs([sizes, source], { password: 'openpassword' });
    expect(await pageCount(merged)).toBe(4);
    expect(pageText(merged, 4).length).toBeGreaterThan(0);
  });

  it('must repair a truncated file readers open, and refuse bytes no reader opens', async () => {
    const repaired = await rotatePages(readSharedPdf('bug1250079.pdf'), [1], 180);
    expect((await pageGeometry(repaired)).map((p) => p.rotation)).toEqual([180]);
    expect(qpdfCheck(repaired).status).toBe(0);
    for (const name of ['bad.pdf', 'bug1020226.pdf']) {
      await expect(deletePages(readSharedPdf(name), [1])).rejects.toThrow(PdfInvalidError);
    }
  });
});
