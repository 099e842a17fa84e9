// A ToUnicode CMap (PDF reference 5.9.2) for two-byte codes: what text extraction reads to turn a
// font's codes back into characters. Written by the export's shaped fonts (code → the glyph's
// text) and the recognised text layer (every code maps to itself).

/** At most 100 entries per bfchar or bfrange block. */
const BLOCK = 100;

/**
 * The CMap of `entries`, two-byte codes: `bfchar` lines (`<code> <UTF-16BE>`) or `bfrange` lines
 * (`<first> <last> <UTF-16BE of first>`).
 */
export function toUnicodeCMap(entries: readonly string[], kind: 'bfchar' | 'bfrange'): string {
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += BLOCK) {
    const block = entries.slice(start, start + BLOCK);
    blocks.push(`${block.length} begin${kind}\n${block.join('\n')}\nend${kind}`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
