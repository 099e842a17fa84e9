// What the React layer needs from the editor beyond its public index: helpers of the viewer,
// panels and shortcuts that are not part of the package's API.
export { runShortcut } from './commands';
export { format, resolveMessages } from './messages';
export { stepZoom } from './store/zoom';
export { WHITEOUT_LIMITS } from './store/style';
export type { WhiteoutSize } from './store/style';
export type { TextEditing } from './store/types';
export { insertPdf, parseRange, runPageOperation } from './store/pageOperations';
export { toolIn, toolLabel } from './tools/registry';
export { bounds, boundsOfAll, handlesOf } from './tools/geometry';
export { loadPdfJs, outputScale, startPdfWorker } from './document/pdfjs';
export type { PDFDocumentProxy } from './document/pdfjs';
