// A host's own kind, registered like an embedder would: validated by its schema, drawn by its own
// code in both exports (rendered by pdftoppm, checked with qpdf), read back from a native export,
// and kept untouched where nobody registered it.
import { describe, expect, it, vi } from 'vitest';
import { AnnotationValidationError, InvalidInputError, UnknownKindError } from '../errors';
import { qpdfObjects } from '../export/testing/qpdfObjects';
import { exportPdf } from '../export/exportPdf';
import { importAnnotations } from '../import/importAnnotations';
import { normalizeAnnotation } from '../model/defaults';
import { parseAnnotations } from '../model/serialize';
import { remapAnnotations } from '../pages/remapAnnotations';
import { isColor, renderPagePixels } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { crossKind, type Cross } from '../../test-support/hostKind';
import { registerKinds, type HostKind } from './hostKinds';
import { kindFor } from './registry';

registerKinds([crossKind]);

const RED = { r: 255, g: 0, b: 0 };
const cross = normalizeAnnotation<Cross>({ type: 'custom:cross', page: 1, position: { x: 100, y: 200 } });

describe("a host's own kind", () => {
  it('is made with its own defaults and answers for its own geometry', () => {
    expect(cross).toMatchObject({ type: 'custom:cross', size: 40, color: '#FF0000', opacity: 1 });
    expect(kindFor(cross).bounds(cross)).toEqual({ x: 100, y: 200, width: 40, height: 40 });
  });

  it('turns with its page as its own code says, as a box of the editor does', () => {
    const box = normalizeAnnotation({ type: 'rectangle', page: 1, position: cross.position, width: 40, height: 40 });
    const [turned, turnedBox] = remapAnnotations([cross, box], { type: 'rotate', pages: [1], degrees: 90 }, [{ width: 612, height: 792 }]);
    expect(turned).toMatchObject({ type: 'custom:cross', size: 40, position: turnedBox?.position });
    expect(turnedBox?.position).not.toEqual(cross.position);
  });

  it('is validated by its schema, naming the field', () => {
    expect(parseAnnotations([{ type: 'custom:cross', page: 1 }])).toEqual([expect.objectContaining({ size: 40 })]);
    expect(() => parseAnnotations([{ type: 'custom:cross', page: 1, size: -3 }])).toThrow(/annotations\[0\]\.size/);
  });

  it('must have a custom: type no other registered kind has, and every part, or it is refused by name', () => {
    const register = (kinds: unknown) => registerKinds(kinds as HostKind[]);
    expect(() => register([{ ...crossKind, kind: { ...crossKind.kind, type: 'rectangle' } }])).toThrow(InvalidInputError);
    expect(() => register([{ ...crossKind }])).toThrow(/kinds\[0\]\.kind\.type/);
    expect(() => register([{ kind: { ...crossKind.kind, type: 'custom:other', bounds: undefined }, pdf: crossKind.pdf }])).toThrow(/kinds\[0\]\.kind\.bounds/);
    expect(() => register([{ kind: { ...crossKind.kind, type: 'custom:other' }, pdf: {} }])).toThrow(/kinds\[0\]\.pdf\.draw/);
    expect(() => register([{ ...crossKind, kind: { ...crossKind.kind, type: 'custom:twice' } }, { ...crossKind, kind: { ...crossKind.kind, type: 'custom:twice' } }])).toThrow(/kinds\[1\]\.kind\.type/);
    // The same kind again (a second editor given it) is no clash.
    expect(() => registerKinds([crossKind])).not.toThrow();
  });

  it.skipIf(!hasSharedPdfs)('is drawn by its own code into a flattened page, where it sits', async () => {
    const bytes = await exportPdf(readSharedPdf('tracemonkey.pdf'), [cross]);
    const page = await renderPagePixels(bytes, 1, 72);
    expect(isColor(page.getPixel(120, 220), RED)).toBe(true);
    expect(isColor(page.getPixel(102, 238), RED)).toBe(true);
    expect(isColor(page.getPixel(120, 205), RED)).toBe(false);
  });

  it.skipIf(!hasSharedPdfs)('is written as a native annotation with its appearance, and read back exactly', async () => {
    const bytes = await exportPdf(readSharedPdf('tracemonkey.pdf'), [cross], { mode: 'native' });
    const stamps = (await qpdfObjects(bytes)).filter((object) => object.dict?.['/Subtype'] === '/Stamp');
    expect(stamps).toHaveLength(1);
    expect(stamps[0]?.dict?.['/AP']).toBeDefined();
    // Other viewers show its appearance: poppler paints the X.
    expect(isColor((await renderPagePixels(bytes, 1, 72)).getPixel(120, 220), RED)).toBe(true);
    expect(await importAnnotations(bytes)).toEqual([cross]);
  });

  it.skipIf(!hasSharedPdfs)('is kept untouched where nobody registered it, and refused where it must be made or drawn', async () => {
    const bytes = await exportPdf(readSharedPdf('tracemonkey.pdf'), [cross], { mode: 'native' });
    // A fresh module graph: a realm (another app, a worker) that never registered the kind.
    vi.resetModules();
    const fresh = {
      ...(await import('../import/importAnnotations')),
      ...(await import('../model/serialize')),
      ...(await import('../model/defaults')),
      ...(await import('../export/exportPdf')),
      ...(await import('../errors')),
    };
    expect(await fresh.importAnnotations(bytes)).toEqual([cross]);
    const stored = { ...cross, type: 'custom:nobody' as const, extra: { kept: true } };
    expect(fresh.parseAnnotations(fresh.serializeAnnotations([stored]))).toEqual([stored]);
    expect(() => fresh.normalizeAnnotation({ type: 'custom:nobody', page: 1 })).toThrow(fresh.UnknownKindError);
    const exported = fresh.exportPdf(readSharedPdf('tracemonkey.pdf'), [stored]);
    await expect(exported).rejects.toThrow(fresh.UnknownKindError);
    await expect(exported).rejects.toMatchObject({ kind: 'custom:nobody', issues: [expect.stringMatching(/^annotations\[0\]\.type: the kind "custom:nobody"/)] });
    expect(fresh.UnknownKindError.prototype).toBeInstanceOf(fresh.AnnotationValidationError);
  });

  it('is refused by name when it is made unregistered here too', () => {
    expect(() => normalizeAnnotation({ type: 'custom:nobody', page: 1 })).toThrow(UnknownKindError);
    expect(() => normalizeAnnotation({ type: 'custom:nobody', page: 1 })).toThrow(AnnotationValidationError);
  });
});
