// What the editor and React layers need from the core at run time beyond the types of its public
// index: the text metrics, font families and shape maths that the screen must share with the
// export, so both draw alike, and the model's values they use. Not part of the package's API.
//
// Nothing here may reach the PDF engine (@libpdf/core, pako): the public index re-exports the
// export, import and page operations, and a bundler that sees the index in the viewer's static
// graph also puts those modules there once the editor imports them lazily (esbuild follows every
// import of a file it includes), so the engine would load before the first page paints. The editor
// and React layers therefore take only types from the index and values from here;
// scripts/first-paint.test.ts fails when the engine comes back.
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

// What the editor layer (src/editor) needs beyond the public index: the checks of its options,
// the host kinds' registration, the export worker's error and font transfer, and shape maths
// its tools share with the kinds.
export { checkArray, checkObject, invalid } from './input';
export { checkExportArguments } from './exportInput';
export { registerHostKinds } from './kinds/hostKinds';
export { DEFAULT_SUMMARY_SENTENCES } from './summary/limits';
export { kindFor } from './kinds/registry';
export { reviveError, transferError } from './errorTransfer';
export type { TransferredError } from './errorTransfer';
export { revivePreloaded, withFallbacksLoaded } from './export/fallbackClaims';
export type { PreloadedFonts } from './export/fallbackClaims';
export { recentSignatures } from './adapters';
export { sameAnnotations, sameValue } from './model/equality';
export { newReply, threadOf } from './threads/thread';
export { CARET_SIZE } from './kinds/caret';
export { unionOfRects } from './geometry/annotationGeometry';
export { contains, rectFromPoints } from './kinds/shared/geometry';
export { strokeThrough } from './kinds/shared/points';
export { defaultVertices, MIN_VERTICES } from './kinds/shared/vertices';
export { normalizeAnnotation } from './model/defaults';
export { memorySignatureStore, memoryStorage, openGate, PageEditsUnsupportedError, StorageConflictError } from './adapters';
export { DEFAULTS, definedOnly, withDefaults } from './model/defaults';
export { diffAnnotations, squashDocumentDiffs } from './history/diff';
// Values the `.` and `./editor` entries re-export (the types of their API are defined by them);
// from their own modules, none of which reaches the engine.
export { annotationSchema, buildAnnotationSchemas, pointSchema, rectSchema } from './model/schema';
export { customAnnotationSchema, replySchema } from './model/fields';
export { WHITEOUT_PRESETS } from './model/defaultValues';
export { ContentBuilder, LineCap, LineJoin } from './export/flatten/contentBuilder';
export { WrittenRef } from './pdf/writtenRef';
// The editor store's history and model operations.
export { addAnnotation, removeAnnotations, updateAnnotation } from './history/annotationList';
export { createHistory } from './history/createHistory';
export { diffDocument } from './history/diff';
export { rebaseAnnotations, rebaseDocument } from './history/rebase';
export { pdfRevision } from './pages/pdfRevision';
// What the collaboration layer (src/collab) needs to check a shared document's annotations.
export { checkAnnotation, throwIssues } from './model/check';
export { AnnotationValidationError, InvalidInputError } from './errors';
// Form values are checked as the user types them, as `fillForm` checks them, without the engine.
export { checkFormValue } from './forms/checkValue';
export type { FormFieldRules } from './forms/checkValue';
