// What the React layer needs from the core at run time: the text metrics, font families and shape
// maths that the screen must share with the export, so both draw alike, and the few values of the
// public index that the viewer uses. Not part of the package's API.
//
// Nothing here may reach the PDF engine (@libpdf/core, pako): the public index re-exports the
// export, import and page operations, and a bundler that sees the index in the viewer's static
// graph also puts those modules there once the editor imports them lazily (esbuild follows every
// import of a file it includes), so the engine would load before the first page paints.
// scripts/first-paint.test.ts fails when it does.
export { baselineOffset } from './export/textLayout';
export type { FontHeights } from './export/textLayout';
export { INVISIBLE_CODE_POINTS, standardFamily } from './export/fontFamily';
export type { StandardFamily } from './export/fontFamily';
export { arrowPath, CubicPathWriter, markupLine, markupRects, smoothPath, squigglyWave, TEXT_LINE_HEIGHT, traceVertices } from './geometry/annotationGeometry';
export { caretPath, lineEndingPaths, STAMP_FONT, stampLayout, svgPathData } from './geometry/annotationGeometry';
export { STAMP_PRESETS, stampColor, stampFields, stampLabel } from './kinds/stamp';
export type { StampPreset } from './kinds/stamp';
export { NOTE_BODY, NOTE_COLORS, NOTE_FLAP, NOTE_ICON_SIZE, NOTE_LINES, NOTE_STROKES } from './geometry/noteIcon';
export { KINDS, kindOf } from './kinds/registry';
export { hostKind, isCustomType } from './kinds/hostKinds';
export type { AnnotationKind, KindCapabilities } from './kinds/kind';
export { claimedBy, isLazyFont } from './export/fallbackClaims';
export { normalizeAnnotation } from './model/defaults';
export { memorySignatureStore, memoryStorage, openGate, StorageConflictError } from './adapters';
