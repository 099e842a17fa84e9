// The fonts exports draw non-Latin text with beyond the SDK's bundled DejaVu Sans: Noto Sans for
// Chinese, Japanese, Korean, Arabic and Hebrew, read from their npm packages only when a text in
// the export has characters of that script (the CJK files are 5-10 MB each).
import { readFile } from 'node:fs/promises';
import { SCRIPT_RANGES, type CodePointRanges, type LazyFont } from '@marginalia/pdf-editor/core';

function noto(family: string, file: string, covers: CodePointRanges): LazyFont {
  return {
    name: `Noto Sans ${family}`,
    covers,
    load: async () => new Uint8Array(await readFile(new URL(import.meta.resolve(`@expo-google-fonts/noto-sans-${family.toLowerCase()}/400Regular/${file}`)))),
  };
}

/** In order of preference: a Chinese text whose ideographs every CJK font claims is drawn in Noto Sans SC. */
export const EXPORT_FALLBACK_FONTS: readonly LazyFont[] = [
  noto('SC', 'NotoSansSC_400Regular.ttf', SCRIPT_RANGES.chinese),
  noto('JP', 'NotoSansJP_400Regular.ttf', SCRIPT_RANGES.japanese),
  noto('KR', 'NotoSansKR_400Regular.ttf', SCRIPT_RANGES.korean),
  noto('Arabic', 'NotoSansArabic_400Regular.ttf', SCRIPT_RANGES.arabic),
  noto('Hebrew', 'NotoSansHebrew_400Regular.ttf', SCRIPT_RANGES.hebrew),
];
