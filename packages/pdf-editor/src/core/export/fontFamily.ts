// Which standard PDF font family stands in for a CSS font list. Kept apart from the font selector
// (which loads the PDF engine) so the editor's overlay can place text the way the export will
// without pulling the engine into the main bundle.

export type StandardFamily = 'helvetica' | 'times' | 'courier';

/** Zero-width joiners and variation selectors: invisible on their own, dropped when unsupported. */
export const INVISIBLE_CODE_POINTS: ReadonlySet<number> = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f]);

/**
 * The editor's families (Arial, Times New Roman, Courier New, Georgia, Verdana, Comic Sans MS) and
 * any CSS font list, reduced to the standard family closest in look.
 */
export function standardFamily(fontFamily: string): StandardFamily {
  const first = (fontFamily.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '').toLowerCase();
  if (/times|georgia|serif$|garamond|cambria|palatino/.test(first) && !first.includes('sans')) return 'times';
  if (/courier|mono|consolas/.test(first)) return 'courier';
  return 'helvetica';
}
