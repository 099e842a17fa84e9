// Finds the pages of a document whose page tree leads the engine to none, the way readers do: a
// reader counts the pages of a broken tree from what its nodes still say (pdf.js from /Count), so
// the editor lists them and an export must keep them. Damaged (fuzzed) files hold page tree nodes whose /Kids
// is a lone reference instead of an array, and page objects the engine cannot parse at all (a
// mangled /Type key, a bracket missing); such a page is salvaged from its own text: its content
// stream, resources and media box when they can be read, a reader's default box when not.
import { PdfArray, PdfDict, PdfNumber, PdfRef, PdfStream, type PDF, type PdfObject } from '@libpdf/core';
import { inheritInto, resolved } from './pageAttributes';
import { pdfDict, type PdfValue } from './objects';
import { latin1 } from './update';

/** The size readers give a page whose media box cannot be read (US Letter, as pdf.js). */
const DEFAULT_MEDIA_BOX = [0, 0, 612, 792];

/** Deeper than any real page tree; a loop stops here. */
const MAX_DEPTH = 64;

function refPattern(key: string): RegExp {
  return new RegExp(`/${key}\\s+(\\d+)\\s+(\\d+)\\s+R`);
}

/** The text of the last `number generation obj ... endobj` in the file, as a reader's scan finds it. */
function objectText(text: string, ref: PdfRef): string | undefined {
  const header = new RegExp(`(?:^|[^\\d])${ref.objectNumber}\\s+${ref.generation}\\s+obj\\b`, 'g');
  let start: number | undefined;
  for (let match = header.exec(text); match; match = header.exec(text)) start = match.index + match[0].length;
  if (start === undefined) return undefined;
  const end = text.indexOf('endobj', start);
  return text.slice(start, end < 0 ? undefined : end);
}

/** A reference `/key n g R` in `source` whose object the engine reads as `kind`. */
function salvageRef(
  pdf: PDF,
  source: string,
  key: string,
  kind: typeof PdfDict | typeof PdfStream,
): PdfRef | undefined {
  const match = refPattern(key).exec(source);
  if (!match) return undefined;
  const ref = PdfRef.of(Number(match[1]), Number(match[2]));
  return pdf.getObject(ref) instanceof kind ? ref : undefined;
}

/** The first four numbers after `/MediaBox` (a damaged box may have lost its separators). */
function salvageMediaBox(source: string): number[] {
  const at = source.indexOf('/MediaBox');
  if (at < 0) return DEFAULT_MEDIA_BOX;
  const numbers = (source.slice(at + '/MediaBox'.length, at + 200).match(/[-+]?(?:\d+\.?\d*|\.\d+)/g) ?? [])
    .slice(0, 4)
    .map(Number);
  const [left = 0, bottom = 0, right = 0, top = 0] = numbers;
  return numbers.length === 4 && right > left && top > bottom ? numbers : DEFAULT_MEDIA_BOX;
}

/** A page dictionary built from what the unparsable page object `ref` still says in the file. */
function salvagePage(pdf: PDF, text: string, ref: PdfRef): PdfDict | undefined {
  const source = objectText(text, ref);
  if (source === undefined) return undefined;
  const entries: Record<string, PdfValue> = { Type: 'Page', MediaBox: salvageMediaBox(source) };
  const contents = salvageRef(pdf, source, 'Contents', PdfStream);
  if (contents) entries.Contents = contents;
  const resources = salvageRef(pdf, source, 'Resources', PdfDict);
  entries.Resources = resources ?? pdfDict({});
  return pdfDict(entries);
}

function isPage(value: PdfObject | null): boolean {
  return value instanceof PdfDict && !(value instanceof PdfStream) && value.getName('Type')?.value === 'Page';
}

/** The kids of a page tree node: an array as the reference says, or the lone reference damage leaves. */
function kidsOf(node: PdfDict): PdfRef[] {
  const kids = node.get('Kids');
  if (kids instanceof PdfRef) return [kids];
  if (!(kids instanceof PdfArray)) return [];
  return kids.toArray().filter((kid): kid is PdfRef => kid instanceof PdfRef);
}

/**
 * Adds the pages the engine found no way to, in tree order, to a document it reads as having
 * none; returns how many. Kids that are page dictionaries are taken as they are, kids the engine
 * cannot parse are salvaged from the file's text (`bytes`), and tree nodes are descended.
 */
export function recoverPages(pdf: PDF, bytes: Uint8Array): number {
  const root = pdf.getCatalog().get('Pages');
  const rootNode = root instanceof PdfRef ? pdf.getObject(root) : null;
  if (!(rootNode instanceof PdfDict)) return 0;
  let text: string | undefined;
  const pages: (PdfRef | PdfDict)[] = [];
  const visited = new Set<string>();
  const walk = (node: PdfDict, depth: number) => {
    for (const kid of kidsOf(node)) {
      const key = kid.toString();
      if (visited.has(key) || depth > MAX_DEPTH) continue;
      visited.add(key);
      const object = pdf.getObject(kid);
      if (isPage(object)) pages.push(kid);
      else if (object instanceof PdfDict && object.get('Kids') !== undefined) walk(object, depth + 1);
      else if (object === null) {
        const salvaged = salvagePage(pdf, (text ??= latin1.decode(bytes)), kid);
        if (salvaged) pages.push(salvaged);
      }
    }
  };
  walk(rootNode, 0);
  if (pages.length === 0 && claimsPages(pdf, rootNode)) pages.push(...scannedPages(pdf, (text ??= latin1.decode(bytes))));
  pages.forEach((page, index) => pdf.insertPage(index, page));
  return pages.length;
}

/** Whether the page tree's root counts pages (/Count above 0), though none can be reached. */
function claimsPages(pdf: PDF, root: PdfDict): boolean {
  const count = resolved(pdf, root.get('Count'));
  return count instanceof PdfNumber && count.value > 0;
}

/**
 * The page objects of the file in the order they appear, found by scanning its object headers:
 * what is left when the tree that counts pages leads to none (a kid that does not exist or is no
 * page, no /Kids at all). pdf.js shows such a file with its page count; its pages are these.
 */
function scannedPages(pdf: PDF, text: string): PdfRef[] {
  const found = new Map<string, PdfRef>();
  for (const match of text.matchAll(/(?:^|[^\d])(\d{1,7})\s+(\d{1,5})\s+obj\b/g)) {
    const ref = PdfRef.of(Number(match[1]), Number(match[2]));
    if (!found.has(ref.toString()) && isPage(pdf.getObject(ref))) found.set(ref.toString(), ref);
  }
  return [...found.values()];
}

/** Whether the page tree under `root` reaches one of its own ancestors, a loop qpdf rejects. */
export function pageTreeLoops(pdf: PDF, root: PdfDict): boolean {
  return loops(pdf, root, new Set(), new Set(), 0);
}

function loops(pdf: PDF, node: PdfDict, ancestors: Set<PdfDict>, done: Set<PdfDict>, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  ancestors.add(node);
  for (const kid of kidsOf(node)) {
    const object = pdf.getObject(kid);
    if (!(object instanceof PdfDict) || object.get('Kids') === undefined || done.has(object)) continue;
    if (ancestors.has(object) || loops(pdf, object, ancestors, done, depth + 1)) return true;
  }
  ancestors.delete(node);
  done.add(node);
  return false;
}

/**
 * Untangles a page tree that loops (a node among its own descendants): readers that open such a
 * file show the pages they reach, and qpdf rejects the file, and so anything saved over it. The
 * tree becomes its root with the pages the engine found as direct kids, each page keeping what it
 * inherited; returns whether it looped.
 */
export function untangleLoopingPageTree(pdf: PDF): boolean {
  const rootRef = pdf.getCatalog().get('Pages');
  const root = rootRef instanceof PdfRef ? pdf.getObject(rootRef) : null;
  if (!(rootRef instanceof PdfRef) || !(root instanceof PdfDict) || !pageTreeLoops(pdf, root)) return false;
  const pages = pdf.getPages();
  for (const page of pages) inheritInto(pdf, page.dict, page.dict);
  for (const page of pages) page.dict.set('Parent', rootRef);
  root.set('Kids', new PdfArray(pages.map((page) => page.ref)));
  root.set('Count', PdfNumber.of(pages.length));
  root.delete('Parent');
  return true;
}
