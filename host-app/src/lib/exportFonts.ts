// The fonts the app's exports draw non-Latin text with beyond the SDK's bundled DejaVu Sans: Noto
// Sans for Chinese, Japanese, Korean, Arabic and Hebrew from their npm packages, emitted by Vite as
// assets and fetched only when a text in the export has characters of that script (the CJK files
// are 5-10 MB each). The server's exports use the same fonts (host-server/src/infrastructure/exportFonts.ts).
import { SCRIPT_RANGES, type CodePointRanges, type ExportFontOptions, type LazyFont } from '@marginalia/pdf-editor/core';
import notoSansArabic from '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url';
import notoSansHebrew from '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf?url';
import notoSansJp from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url';
import notoSansKr from '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url';
import notoSansSc from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';

function noto(name: string, url: string, covers: CodePointRanges): LazyFont {
  return {
    name,
    covers,
    load: async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
      return response.arrayBuffer();
    },
  };
}

/** In order of preference: a Chinese text whose ideographs every CJK font claims is drawn in Noto Sans SC. */
export const EXPORT_FONTS: ExportFontOptions = {
  fallbacks: [
    noto('Noto Sans SC', notoSansSc, SCRIPT_RANGES.chinese),
    noto('Noto Sans JP', notoSansJp, SCRIPT_RANGES.japanese),
    noto('Noto Sans KR', notoSansKr, SCRIPT_RANGES.korean),
    noto('Noto Sans Arabic', notoSansArabic, SCRIPT_RANGES.arabic),
    noto('Noto Sans Hebrew', notoSansHebrew, SCRIPT_RANGES.hebrew),
  ],
};
