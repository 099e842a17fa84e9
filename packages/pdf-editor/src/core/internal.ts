// What the React layer needs from the core beyond its public index: the text metrics, font
// families and shape maths that the screen must share with the export, so both draw alike.
// Not part of the package's API.
export { baselineOffset } from './export/textLayout';
export type { FontHeights } from './export/textLayout';
export { INVISIBLE_CODE_POINTS, standardFamily } from './export/fontFamily';
export type { StandardFamily } from './export/fontFamily';
export { createFontSelector } from './export/fontSelection';
export { arrowPath, CubicPathWriter, markupLine, markupRects, smoothPath, squigglyWave, TEXT_LINE_HEIGHT, traceVertices } from './geometry/annotationGeometry';
export { caretPath, lineEndingPaths, STAMP_FONT, stampLayout, svgPathData } from './geometry/annotationGeometry';
export { STAMP_PRESETS, stampColor, stampFields, stampLabel } from './kinds/stamp';
export type { StampPreset } from './kinds/stamp';
export { NOTE_BODY, NOTE_COLORS, NOTE_FLAP, NOTE_ICON_SIZE, NOTE_LINES, NOTE_STROKES } from './geometry/noteIcon';
export { KINDS, kindOf } from './kinds/registry';
export { hostKind, isCustomType } from './kinds/hostKinds';
export type { AnnotationKind, KindCapabilities } from './kinds/kind';
export { claimedBy, isLazyFont } from './export/fallbackClaims';
