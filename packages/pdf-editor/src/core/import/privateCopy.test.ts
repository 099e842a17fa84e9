// The private copy's format: for an annotation without an image, a short string in its dictionary
// holding only what the standard keys cannot (format 5); for one with an image, one stream per
// page holds the copies (version 4), the image's bytes stored once per export, apart from the
// JSON, and come back as the very data URL that was exported; files written with the earlier
// formats (version 4 for every kind; version 3: the same streams with a digest of version 2;
// version 2: a stream per annotation, its image under /Image; version 1: the whole data URL inside
// the JSON) still import.
import { PDF, PdfArray, PdfDict, PdfRef, PdfStream, PdfString, type PdfObject } from '../pdf/engine';
import { describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import { MARGINALIA_DATA_NAME, MARGINALIA_IMAGE_NAME, MARGINALIA_IMAGES_NAME, PAYLOAD_VERSION } from '../export/native/marginaliaData';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { openPdf } from '../pdf/openPdf';
import { qpdfCheck } from '../../test-support/pdfTools';
import { importAnnotations } from './importAnnotations';
import { standardKeysDigest } from './standardKeysDigest';
import { annotationDicts, everyType, solidPng } from './testing/fixtures';

async function blankPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage({ width: 600, height: 800 });
  pdf.addPage({ width: 600, height: 800 });
  return pdf.save();
}

const picture = solidPng(6, 4, [200, 40, 40]);

function images(): Annotation[] {
  return [1, 1, 2].map((page, index) =>
    normalizeAnnotation({ type: 'image', page, id: `picture-${index}`, position: { x: 40 + 80 * index, y: 50 }, width: 60, height: 40, imageData: picture }),
  );
}

function resolver(pdf: PDF) {
  return (value: PdfObject | undefined) => (value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value);
}

interface StoredCopy {
  /** The annotation dictionary the copy is for. */
  dict: PdfDict;
  /** The page's stream holding it. */
  stream: PdfStream;
  /** The stream's JSON: a page's copies (version 3) or one copy. */
  page: { version: number; copies: Record<string, unknown>[] };
  /** The annotation's own copy in it. */
  json: Record<string, unknown>;
}

async function privateCopies(bytes: Uint8Array): Promise<{ pdf: PDF; copies: StoredCopy[] }> {
  const { pdf } = await openPdf(bytes);
  const resolve = resolver(pdf);
  const copies = annotationDicts(pdf).map((dict) => {
    const stream = resolve(dict.get(MARGINALIA_DATA_NAME));
    if (!(stream instanceof PdfStream)) throw new Error('no private copy');
    const page = JSON.parse(new TextDecoder().decode(stream.getDecodedData())) as StoredCopy['page'];
    const id = dict.getString('NM')?.asString();
    // Versions 1 and 2: the stream is the one copy.
    const json = page.version < 3 ? page : page.copies.find((copy) => (copy.annotation as { id: string }).id === id);
    if (!json) throw new Error(`no copy of ${id} in its page's stream`);
    return { dict, stream, page, json };
  });
  return { pdf, copies };
}

/**
 * `bytes` as version 4 wrote it for every kind: each page's copies in one stream, the whole
 * annotation in each, with the digest of version 3; `drawn` gives the annotations the format 5
 * copies stand for.
 */
async function asVersion4(bytes: Uint8Array, drawn: readonly Annotation[]): Promise<Uint8Array> {
  const { pdf } = await openPdf(bytes);
  const byId = new Map(drawn.map((annotation) => [annotation.id, annotation]));
  const pages = new Map<number, { stream: PdfStream; copies: unknown[] }>();
  for (const dict of annotationDicts(pdf)) {
    if (!(dict.get(MARGINALIA_DATA_NAME) instanceof PdfString)) continue;
    const annotation = byId.get(dict.getString('NM')?.asString() ?? '');
    if (!annotation) throw new Error('a copy without its annotation');
    let page = pages.get(annotation.page);
    if (!page) pages.set(annotation.page, (page = { stream: new PdfStream(new PdfDict(), new Uint8Array()), copies: [] }));
    page.copies.push({ digest: standardKeysDigest(pdf, dict, 3), annotation });
    dict.set(MARGINALIA_DATA_NAME, page.stream);
  }
  for (const { stream, copies } of pages.values()) {
    stream.setData(new TextEncoder().encode(JSON.stringify({ version: 4, copies })));
    const ref = pdf.register(stream);
    for (const dict of annotationDicts(pdf)) if (dict.get(MARGINALIA_DATA_NAME) === stream) dict.set(MARGINALIA_DATA_NAME, ref);
  }
  return pdf.save();
}

/** The format 5 copy (JSON text) of each annotation that has one, by id. */
async function keysCopies(bytes: Uint8Array): Promise<Map<string, string>> {
  const { pdf } = await openPdf(bytes);
  const copies = new Map<string, string>();
  for (const dict of annotationDicts(pdf)) {
    const copy = dict.get(MARGINALIA_DATA_NAME);
    if (copy instanceof PdfString) copies.set(dict.getString('NM')?.asString() ?? '', copy.asString());
  }
  return copies;
}

describe('the private copies of native annotations', () => {
  it('must hold only what the standard keys cannot carry, in the dictionary, and give back every annotation exactly', async () => {
    const drawn = [...everyType(1), ...everyType(2)];
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const copies = await keysCopies(exported);
    // Every annotation without an image has a string of format 5; the two with one keep version 4.
    const withImage = drawn.filter((annotation) => 'imageData' in annotation);
    const imageIds = new Set(withImage.map(({ id }) => id));
    expect([...copies.keys()].sort()).toEqual(drawn.filter(({ id }) => !imageIds.has(id)).map(({ id }) => id).sort());
    const { pdf } = await openPdf(exported);
    const inStreams = annotationDicts(pdf).filter((dict) => resolver(pdf)(dict.get(MARGINALIA_DATA_NAME)) instanceof PdfStream);
    expect(inStreams.map((dict) => dict.getString('NM')?.asString()).sort()).toEqual(withImage.map(({ id }) => id).sort());
    // No copy repeats the annotation: the keys give back its type, colour, size and text.
    for (const [id, copy] of copies) {
      expect(copy, id).not.toContain('"type"');
      expect(copy.length, id).toBeLessThan(120);
    }
    expect(await importAnnotations(exported)).toEqual(drawn);
    expect((await qpdfCheck(exported)).errors).toEqual([]);
    // Files that version 4 wrote for every kind still import.
    const version4File = await asVersion4(exported, drawn);
    expect((await privateCopies(version4File)).copies.every(({ page }) => page.version === PAYLOAD_VERSION)).toBe(true);
    expect(await importAnnotations(version4File)).toEqual(drawn);
  });

  it('must keep next to nothing for a rectangle and a highlight the keys hold whole, and give them back exactly', async () => {
    const at = '2025-03-01T09:30:00.000Z';
    const drawn = [
      normalizeAnnotation({ type: 'rectangle', page: 1, id: 'box', position: { x: 100, y: 120 }, width: 80, height: 40, color: '#FF0000', createdAt: at, updatedAt: at }),
      normalizeAnnotation({ type: 'highlight', page: 1, id: 'mark', position: { x: 100, y: 200 }, width: 150, height: 14, createdAt: at, updatedAt: at }),
    ];
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const copies = await keysCopies(exported);
    // The digest alone, which tells import that the keys are still the ones written: version 4
    // kept the whole annotation, some 300 bytes each.
    for (const { id } of drawn) expect(copies.get(id), id).toMatch(/^\{"d":"[0-9a-z]+"\}$/);
    expect(await importAnnotations(exported)).toEqual(drawn);
  });

  it('must give back exactly a stroke of 20,000 points, whose copy is written in pieces', async () => {
    // Each point's two numbers off the keys' thousandths take some seven characters of the copy:
    // far more than one call of String.fromCharCode takes.
    const points = Array.from({ length: 20_000 }, (_, index) => ({ x: 50 + (index % 500) * 1.0001234567, y: 100 + Math.floor(index / 500) * 7.123456789 }));
    const stroke = normalizeAnnotation({ type: 'freehand', page: 1, id: 'long-stroke', position: { x: 50, y: 100 }, points });
    expect(await importAnnotations(await exportPdf(await blankPdf(), [stroke], { mode: 'native' }))).toEqual([stroke]);
  });

  it("must deflate a page's copies from a kilobyte on, keep a lone small copy plain, and import both exactly", async () => {
    const busy = [1, 2, 3, 4, 5, 6].map((index) =>
      normalizeAnnotation({ type: 'image', page: 1, id: `busy-${index}`, position: { x: 20 + 60 * index, y: 50 }, width: 50, height: 40, imageData: picture }),
    );
    const lone = normalizeAnnotation({ type: 'image', page: 2, id: 'lone', position: { x: 100, y: 100 }, width: 50, height: 40, imageData: picture });
    const exported = await exportPdf(await blankPdf(), [...busy, lone], { mode: 'native' });
    const { copies } = await privateCopies(exported);
    const streamOf = (page: number) => copies.find(({ json }) => (json.annotation as Annotation).page === page)!.stream;
    const filter = (page: number) => streamOf(page).getName('Filter')?.value;
    expect(filter(1)).toBe('FlateDecode');
    // The stored bytes of the busy page are well under its JSON: what the compression is for.
    expect(streamOf(1).data.byteLength).toBeLessThan(streamOf(1).getDecodedData().byteLength / 2);
    expect(filter(2)).toBeUndefined();
    expect(await importAnnotations(exported)).toEqual([...busy, lone]);
    expect((await qpdfCheck(exported)).errors).toEqual([]);
  });

  it('must still import files written with version 3: the same page streams, a digest of version 2', async () => {
    // In page order, as import lists them.
    const drawn = [...everyType(1), ...everyType(2), ...images()].sort((a, b) => a.page - b.page);
    const exported = await asVersion4(await exportPdf(await blankPdf(), drawn, { mode: 'native' }), drawn);
    const { pdf, copies } = await privateCopies(exported);
    const dictById = new Map(copies.map(({ dict, json }) => [(json.annotation as { id: string }).id, dict]));
    for (const stream of new Set(copies.map((copy) => copy.stream))) {
      const { copies: pageCopies } = JSON.parse(new TextDecoder().decode(stream.getDecodedData())) as StoredCopy['page'];
      const version3 = pageCopies.map((copy) => {
        const dict = dictById.get((copy.annotation as { id: string }).id);
        if (!dict) throw new Error('a copy without its annotation');
        return { ...copy, digest: standardKeysDigest(pdf, dict, 2) };
      });
      stream.setData(new TextEncoder().encode(JSON.stringify({ version: 3, copies: version3 })));
    }
    const version3File = await pdf.save();
    const rewritten = await privateCopies(version3File);
    expect(rewritten.copies.map(({ page }) => page.version)).toEqual(drawn.map(() => 3));
    expect(await importAnnotations(version3File)).toEqual(drawn);
  });

  it('must still import files written with version 2: a stream per annotation, its image under /Image', async () => {
    const drawn = [...everyType(1), ...images()];
    const exported = await asVersion4(await exportPdf(await blankPdf(), drawn, { mode: 'native' }), drawn);
    const { pdf, copies } = await privateCopies(exported);
    const resolve = resolver(pdf);
    for (const { dict, stream, json } of copies) {
      const { image, ...copy } = json;
      // Version 2 copies carry a digest of version 2.
      const version2 = new PdfStream(new PdfDict(), new TextEncoder().encode(JSON.stringify({ version: 2, ...copy, digest: standardKeysDigest(pdf, dict, 2) })));
      const stored = resolve(stream.get(MARGINALIA_IMAGES_NAME));
      if (typeof image === 'number' && stored instanceof PdfArray) version2.set(MARGINALIA_IMAGE_NAME, stored.at(image) as PdfRef);
      dict.set(MARGINALIA_DATA_NAME, pdf.register(version2));
    }
    const version2File = await pdf.save();
    const rewritten = await openPdf(version2File);
    const versions = annotationDicts(rewritten.pdf).map((dict) => {
      const stream = resolver(rewritten.pdf)(dict.get(MARGINALIA_DATA_NAME)) as PdfStream;
      return (JSON.parse(new TextDecoder().decode(stream.getDecodedData())) as { version: number }).version;
    });
    expect(versions).toEqual(drawn.map(() => 2));
    expect(await importAnnotations(version2File)).toEqual(drawn);
  });
});

describe('the private copy of an image annotation', () => {
  it('must keep the image bytes once, outside the JSON, and give back the exact data URL', async () => {
    const drawn = images();
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const { pdf, copies } = await privateCopies(exported);
    expect(copies).toHaveLength(3);
    const resolve = resolver(pdf);
    const imageRefs = copies.map(({ stream, json }) => {
      expect(JSON.stringify(json)).not.toContain('base64');
      expect(json.imageType).toBe('image/png');
      const stored = resolve(stream.get(MARGINALIA_IMAGES_NAME));
      expect(stored).toBeInstanceOf(PdfArray);
      return String((stored as PdfArray).at(json.image as number));
    });
    // One stream for the three annotations that show the same picture, on both pages.
    expect(new Set(imageRefs).size).toBe(1);
    const stored = resolve((resolve(copies[0]?.stream.get(MARGINALIA_IMAGES_NAME)) as PdfArray).at(0));
    expect(stored).toBeInstanceOf(PdfStream);
    expect(Buffer.from((stored as PdfStream).getDecodedData()).toString('base64')).toBe(picture.slice('data:image/png;base64,'.length));
    expect(await importAnnotations(exported)).toEqual(drawn);
    const check = await qpdfCheck(exported);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it('must keep a data URL inline when its bytes would not give back the same text', async () => {
    // A media type parameter and line-wrapped base64: rebuilt from bytes they would read differently.
    const wrapped = `data:image/png;name=pic.png;base64,${picture.slice('data:image/png;base64,'.length).replace(/(.{20})/g, '$1\n')}`;
    const drawn = [normalizeAnnotation({ type: 'signature', page: 1, id: 'signed', position: { x: 40, y: 40 }, width: 80, height: 30, imageData: wrapped })];
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const { copies } = await privateCopies(exported);
    expect(copies[0]?.json.imageType).toBeUndefined();
    expect(copies[0]?.stream.get(MARGINALIA_IMAGES_NAME)).toBeUndefined();
    expect(await importAnnotations(exported)).toEqual(drawn);
  });

  it('must still import files written with the first format: the whole data URL inside the JSON', async () => {
    const drawn = [...everyType(1), ...images()];
    const exported = await asVersion4(await exportPdf(await blankPdf(), drawn, { mode: 'native' }), drawn);
    const { pdf, copies } = await privateCopies(exported);
    const byId = new Map(drawn.map((annotation) => [annotation.id, annotation]));
    // Rewritten as version 1 wrote it: the annotation as it is, the /Rect it was written for, and
    // the first kind of digest.
    for (const { dict, json } of copies) {
      const annotation = byId.get((json.annotation as { id: string }).id);
      const version1 = { version: 1, rect: [0, 0, 1, 1], digest: standardKeysDigest(pdf, dict, 1), annotation };
      dict.set(MARGINALIA_DATA_NAME, pdf.register(new PdfStream(new PdfDict(), new TextEncoder().encode(JSON.stringify(version1)))));
    }
    const version1File = await pdf.save();
    const rewritten = await privateCopies(version1File);
    expect(rewritten.copies.map(({ json }) => json.version)).toEqual(drawn.map(() => 1));
    expect(await importAnnotations(version1File)).toEqual(drawn);
  });
});
