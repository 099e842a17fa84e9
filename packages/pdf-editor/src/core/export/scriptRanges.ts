// The code points of the scripts hosts commonly give lazy fallback fonts for, so a host writes
// `{ covers: SCRIPT_RANGES.arabic, load: ... }` rather than its own copy of the Unicode blocks.
import type { CodePointRanges } from './options';

const CJK_SHARED: CodePointRanges = [
  [0x2e80, 0x2fdf], // CJK radicals
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0x3200, 0x33ff], // enclosed CJK letters, CJK compatibility
  [0x3400, 0x4dbf], // ideographs, extension A
  [0x4e00, 0x9fff], // unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xffef], // half- and full-width forms
  [0x20000, 0x3134f], // ideographs, extensions B to G
];

/** Unicode blocks by script, for `LazyFont.covers`; Chinese, Japanese and Korean share the ideographs. */
export const SCRIPT_RANGES = {
  chinese: [[0x3100, 0x312f], [0x31a0, 0x31bf], ...CJK_SHARED], // with bopomofo
  japanese: [[0x3040, 0x30ff], [0x31f0, 0x31ff], ...CJK_SHARED], // with hiragana and katakana
  korean: [[0x1100, 0x11ff], [0x3130, 0x318f], [0xa960, 0xa97f], [0xac00, 0xd7ff], ...CJK_SHARED], // with hangul
  arabic: [[0x0600, 0x06ff], [0x0750, 0x077f], [0x0870, 0x08ff], [0xfb50, 0xfdff], [0xfe70, 0xfeff]],
  hebrew: [[0x0590, 0x05ff], [0xfb1d, 0xfb4f]],
} as const satisfies Record<string, CodePointRanges>;
