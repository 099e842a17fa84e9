// True redaction: removes what lies under the marked areas from the file itself (text glyphs,
// image pixels, vector graphics, annotations with our private copies, form fields, links), fills
// the areas, and writes the whole file anew, so no earlier revision and no unused object keeps
// what was removed. Three passes: annotations and metadata on our engine (removeAnnotations.ts,
// removeMetadata.ts), page content on PDFium (pdfiumContent.ts), then the fills and a complete
// rewrite on our engine, which writes only the objects the document still uses.
import { PDF, PdfName, PermissionDeniedError } from '@libpdf/core';
import { PageRangeError, PdfEncryptedError, PdfInvalidError, UnsupportedCharactersError } from '../errors';
import { createPageSpace } from '../geometry/pageSpace';
import { checkArray, checkBytes, checkInteger, checkObject, checkOptional, checkOptions, invalid } from '../input';
import type { Rect } from '../model/types';
import { parseHexColor } from '../pdf/color';
import { openPdf } from '../pdf/openPdf';
import { pageRotation, visibleBox } from '../pdf/pageAttributes';
import type { PdfSource } from '../pdf/source';
import { lastStartXref, latin1, textThrough } from '../pdf/update';
import { drawFills, type FilledArea } from './drawFill';
import { removeContentUnder } from './pdfiumContent';
import { removeAnnotationsUnder } from './removeAnnotations';
import { removeDocumentMetadata } from './removeMetadata';
import type { RedactionArea, RedactionResult, RedactOptions } from './types';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** What Helvetica draws from its standard encoding: printable Latin-1. */
const OVERLAY_CHARACTER = /[\x20-\x7e\xa0-\xff]/u;

function checkRect(value: unknown, field: string): Rect {
  const rect = checkObject(value, field);
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    if (typeof rect[key] !== 'number' || !Number.isFinite(rect[key])) invalid(`${field}.${key}`, 'a finite number', rect[key]);
  }
  for (const key of ['width', 'height'] as const) {
    if ((rect[key] as number) <= 0) invalid(`${field}.${key}`, 'a number above 0', rect[key]);
  }
  return { x: rect.x as number, y: rect.y as number, width: rect.width as number, height: rect.height as number };
}

function checkRedactOptions(value: unknown): Required<Omit<RedactOptions, 'password' | 'overlayText'>> & Pick<RedactOptions, 'password' | 'overlayText'> {
  if (value === undefined) invalid('options', 'an object with areas', value);
  const options = checkOptions(value);
  const areas = checkArray(options.areas, 'options.areas', 'areas').map((item, index): RedactionArea => {
    const area = checkObject(item, `options.areas[${index}]`);
    checkInteger(area.page, `options.areas[${index}].page`, 1);
    return { page: area.page, rect: checkRect(area.rect, `options.areas[${index}].rect`) };
  });
  checkOptional(options.fill, 'options.fill', 'string');
  if (options.fill !== undefined && !HEX_COLOR.test(options.fill as string)) invalid('options.fill', 'a colour as #rrggbb', options.fill);
  checkOptional(options.overlayText, 'options.overlayText', 'string');
  checkOptional(options.removeMetadata, 'options.removeMetadata', 'boolean');
  checkOptional(options.password, 'options.password', 'string');
  const overlayText = options.overlayText as string | undefined;
  const unsupported = [...new Set([...(overlayText ?? '')].filter((character) => !OVERLAY_CHARACTER.test(character)))];
  if (unsupported.length > 0) throw new UnsupportedCharactersError(unsupported);
  return {
    areas,
    fill: (options.fill as string | undefined) ?? '#000000',
    overlayText,
    removeMetadata: (options.removeMetadata as boolean | undefined) ?? false,
    password: options.password as string | undefined,
  };
}

/**
 * The whole file written anew, also when the engine tracks no change: it hands back the bytes it
 * read then (with their earlier revisions and unused objects), and a trailer entry removed
 * (/Info) is no change it tracks. Setting the catalog's /Type to what it is marks it changed.
 */
function saveWhole(pdf: PDF): Promise<Uint8Array> {
  if (!pdf.hasChanges()) pdf.getCatalog().set('Type', PdfName.of('Catalog'));
  return pdf.save();
}

/**
 * The redacted file must be one complete revision: a single `startxref` and `%%EOF`, and a
 * cross-reference section without /Prev (bookmarks have /Prev keys of their own, so only the
 * section is read). The engine's full save hands back the bytes it read when it sees no change:
 * this is what catches that.
 */
function checkFreshFile(bytes: Uint8Array): void {
  const text = latin1.decode(bytes);
  const count = (keyword: string) => text.split(keyword).length - 1;
  const xrefAt = lastStartXref(text);
  const section = xrefAt === undefined ? '' : textThrough(bytes, xrefAt, 'startxref');
  if (count('startxref') !== 1 || count('%%EOF') !== 1 || !section || /\/Prev\b/.test(section)) {
    throw new Error('The redacted file was not written anew; nothing is returned rather than a file that may keep what was removed.');
  }
}

/**
 * Removes everything under `options.areas` from the PDF and fills the areas: text (its glyphs,
 * inside form XObjects too), the covered pixels of images, vector graphics inside the areas,
 * annotations (links, our private copies, popups and replies), whole form fields whose widgets
 * lie there. The file is written anew: no earlier revision, no unused object. With
 * `removeMetadata`, the document information, XMP metadata, bookmarks and attachments go too.
 * An encrypted file comes back without its password (see docs/redaction.md).
 * Loads PDFium (a 4.6 MB WebAssembly module) the first time an area is given.
 *
 * @throws InvalidInputError when `source` is not bytes or an option is not valid (its `field` names it, e.g. `options.areas[0].rect.width`).
 * @throws UnsupportedCharactersError when `overlayText` has characters outside printable Latin-1.
 * @throws PageRangeError when an area names a page the document does not have.
 * @throws PdfInvalidError when `source` is not a readable PDF.
 * @throws PdfPasswordError when the file needs a password and `options.password` is missing or wrong.
 * @throws PdfEncryptedError when the password opens the file but does not allow changing it.
 *
 * @example
 * const { bytes, areas } = await redactPdf(pdfBytes, {
 *   areas: [{ page: 1, rect: { x: 72, y: 90, width: 200, height: 16 } }],
 *   overlayText: 'REDACTED',
 *   removeMetadata: true,
 * });
 * areas[0].characters; // how many characters were removed there
 */
export async function redactPdf(source: PdfSource, options: RedactOptions): Promise<RedactionResult> {
  checkBytes(source, 'source');
  const checked = checkRedactOptions(options);
  const { pdf, encrypted } = await openPdf(source, { password: checked.password });
  if (encrypted) {
    try {
      pdf.removeProtection();
    } catch (error) {
      if (error instanceof PermissionDeniedError) throw new PdfEncryptedError('Redacting this PDF needs its owner password (or a user password that allows changes).');
      throw error;
    }
  }
  const pages = pdf.getPages();
  const areas = checked.areas.map((area, index): FilledArea => {
    const page = pages[area.page - 1];
    if (!page) throw new PageRangeError(`options.areas[${index}].page: page ${area.page} does not exist (the document has ${pages.length}).`);
    const space = createPageSpace(visibleBox(pdf, page.dict), pageRotation(pdf, page.dict));
    return { pageIndex: area.page - 1, rect: area.rect, pdfRect: space.rectToPdf(area.rect), space };
  });

  // A page's thumbnail is a picture of the page as it was, secrets included.
  for (const { pageIndex } of areas) pages[pageIndex]?.dict.delete('Thumb');
  const annotationRemovals = removeAnnotationsUnder(pdf, areas, checked.removeMetadata);
  const metadata = checked.removeMetadata ? removeDocumentMetadata(pdf) : [];
  const cleaned = await saveWhole(pdf);
  // Without areas (metadata only) PDFium is not needed, nor loaded.
  const content = areas.length > 0 ? await removeContentUnder(cleaned, areas) : { bytes: cleaned, removals: [] };

  const redacted = await PDF.load(content.bytes).catch((error: unknown) => {
    throw new PdfInvalidError(`The redacted file could not be read back (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  });
  drawFills(redacted, areas, parseHexColor(checked.fill), checked.overlayText);
  const bytes = await saveWhole(redacted);
  checkFreshFile(bytes);
  return {
    bytes,
    metadata,
    areas: areas.map(({ pageIndex, rect }, index) => ({
      page: pageIndex + 1,
      rect,
      characters: content.removals[index]?.characters ?? 0,
      contentChanged: content.removals[index]?.changed ?? false,
      annotations: annotationRemovals[index]?.annotations ?? [],
      formFields: annotationRemovals[index]?.formFields ?? [],
    })),
  };
}
