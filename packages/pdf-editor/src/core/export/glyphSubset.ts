// Subsets a TrueType font by glyph id for shaped text, keeping every glyph at its id: the outlines
// of unused glyphs are emptied (composite glyphs keep their parts), and the tables a PDF viewer
// does not read (OpenType layout, kerning, cmap, names) are dropped. Shaped glyphs (Arabic
// contextual forms, decomposed dots, ligature parts) often have no character in the font's cmap,
// so a subsetter that keeps glyphs by character, like the PDF engine's, would lose them.

/**
 * Tables a viewer needs to draw TrueType outlines from a PDF; the rest are left out, 'cmap' and
 * 'name' too: a CIDFontType2 reaches its glyphs through CIDToGIDMap (PDF reference 5.8).
 */
const KEPT_TABLES = new Set(['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'cvt ', 'fpgm', 'prep', 'OS/2', 'post']);

/** Composite glyph flags (OpenType 'glyf'). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

interface Table {
  tag: string;
  data: Uint8Array;
}

function readTables(file: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tables = new Map<string, Uint8Array>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...file.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    tables.set(tag, file.subarray(offset, offset + length));
  }
  return tables;
}

/** Whether `file` has TrueType outlines ('glyf'), which `subsetGlyphs` can subset. */
export function hasGlyfOutlines(file: Uint8Array): boolean {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  return file.length > 12 && view.getUint32(0) !== 0x4f54544f && readTables(file).has('glyf');
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(data.length / 4) * 4);
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let offset = 0; offset < padded.length; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0;
  return sum;
}

function writeFont(tables: Table[]): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const headerSize = 12 + sorted.length * 16;
  const size = sorted.reduce((total, table) => total + Math.ceil(table.data.length / 4) * 4, headerSize);
  const file = new Uint8Array(size);
  const view = new DataView(file.buffer);
  const power = 2 ** Math.floor(Math.log2(sorted.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, sorted.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, sorted.length * 16 - power * 16);
  let offset = headerSize;
  let headOffset = -1;
  sorted.forEach(({ tag, data }, index) => {
    const record = 12 + index * 16;
    for (let char = 0; char < 4; char++) view.setUint8(record + char, tag.charCodeAt(char));
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    file.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += Math.ceil(data.length / 4) * 4;
  });
  if (headOffset >= 0) view.setUint32(headOffset + 8, (0xb1b0afba - checksum(file)) >>> 0);
  return file;
}

/**
 * `file` (TrueType outlines) with only the outlines of `gids` (and of the glyphs they are built
 * from), every glyph keeping its id.
 */
export function subsetGlyphs(file: Uint8Array, gids: Iterable<number>): Uint8Array {
  const tables = readTables(file);
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  if (!head || !maxp || !loca || !glyf) throw new Error('Not a TrueType font: it has no glyf outlines');
  const headView = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const glyphCount = new DataView(maxp.buffer, maxp.byteOffset, maxp.byteLength).getUint16(4);
  const locaView = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const shortOffsets = headView.getInt16(50) === 0;
  const offsetOf = (gid: number) => (shortOffsets ? locaView.getUint16(gid * 2) * 2 : locaView.getUint32(gid * 4));
  const glyphData = (gid: number) => glyf.subarray(offsetOf(gid), offsetOf(gid + 1));

  const kept = new Set<number>([0]);
  const pending = [...gids];
  while (pending.length > 0) {
    const gid = pending.pop() as number;
    if (gid >= glyphCount || kept.has(gid)) continue;
    kept.add(gid);
    const data = glyphData(gid);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data.length < 10 || view.getInt16(0) >= 0) continue;
    // A composite glyph: its components are kept too.
    for (let offset = 10, flags = MORE_COMPONENTS; flags & MORE_COMPONENTS; ) {
      flags = view.getUint16(offset);
      pending.push(view.getUint16(offset + 2));
      offset += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) offset += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) offset += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) offset += 8;
    }
  }

  const newGlyf = new Uint8Array([...kept].reduce((total, gid) => total + Math.ceil(glyphData(gid).length / 4) * 4, 0));
  const newLoca = new Uint8Array((glyphCount + 1) * 4);
  const newLocaView = new DataView(newLoca.buffer);
  let end = 0;
  for (let gid = 0; gid < glyphCount; gid++) {
    newLocaView.setUint32(gid * 4, end);
    if (!kept.has(gid)) continue;
    const data = glyphData(gid);
    newGlyf.set(data, end);
    end += Math.ceil(data.length / 4) * 4;
  }
  newLocaView.setUint32(glyphCount * 4, end);

  // Copies, never views: a font loaded with Node's readFile is a Buffer, whose slice() is a view,
  // and the edits below would then land in the caller's bytes (at the start of their buffer)
  // while the subset kept the original head, whose short loca format misreads the new loca.
  const newHead = new Uint8Array(head);
  const newHeadView = new DataView(newHead.buffer);
  newHeadView.setUint32(8, 0);
  newHeadView.setInt16(50, 1);
  const result: Table[] = [
    { tag: 'head', data: newHead },
    { tag: 'loca', data: newLoca },
    { tag: 'glyf', data: newGlyf.subarray(0, end) },
  ];
  for (const [tag, data] of tables) {
    if (!KEPT_TABLES.has(tag) || tag === 'head' || tag === 'loca' || tag === 'glyf') continue;
    if (tag === 'post' && data.length >= 32) {
      // Format 3: no glyph names, which are large and unused in a PDF.
      // A real copy (see head above): written through a DataView of its own buffer.
      const post = new Uint8Array(data.subarray(0, 32));
      new DataView(post.buffer).setUint32(0, 0x00030000);
      result.push({ tag, data: post });
    } else result.push({ tag, data });
  }
  return writeFont(result);
}
