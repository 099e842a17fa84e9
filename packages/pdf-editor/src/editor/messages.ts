// Every user-visible string of the editor, English defaults from the product spec. Hosts override
// any of them through the `messages` prop; `{n}`-style placeholders are filled by `format`.
// The built-in kinds' tool labels (`tool.<type>`) and the labels of their variants
// (`<type>.<variant>`, a stamp's presets) are kept in tools/labels.ts, typed over the kinds.
import { KIND_TOOL_LABELS, KIND_VARIANT_LABELS } from './tools/labels';

/** The English strings of the editor; override any through the `messages` prop. */
export const defaultMessages = {
  loadingPdf: 'Loading PDF...',
  noDocument: 'No Document Loaded',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: 'Page {page} of {total}',
  pageNumber: 'Page number',
  pageTotal: 'of {total}',
  pageLabel: 'Page {page}',
  zoomIn: 'Zoom +',
  zoomOut: 'Zoom -',
  zoomInLabel: 'Zoom in',
  zoomOutLabel: 'Zoom out',
  fitWidth: 'Fit width',
  undo: 'Undo',
  redo: 'Redo',
  download: 'Download PDF',
  save: 'Save',
  saving: 'Saving...',
  tools: 'Tools',
  pages: 'Pages',
  thumbnails: 'Page thumbnails',
  canvasDescription:
    'PDF page with annotations. Choose a tool, then click or drag on the page. Arrow keys move the selected annotation, Delete removes it.',
  styleOptions: 'Style Options',
  moreActions: 'More actions',
  'tool.select': 'Select',
  ...KIND_TOOL_LABELS,
  'tool.eraser': 'Eraser',
  textPlaceholder: 'Click to edit',
  color: 'Color',
  customColor: 'Custom color',
  fontFamily: 'Font',
  fontSize: 'Size',
  strokeWidth: 'Stroke width',
  opacity: 'Opacity',
  alignLeft: 'Align left',
  alignCenter: 'Align center',
  alignRight: 'Align right',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  whiteoutSize: 'Whiteout size',
  whiteoutSmall: 'Small',
  whiteoutMedium: 'Medium',
  whiteoutLarge: 'Large',
  whiteoutCustom: 'Custom',
  whiteoutWidth: 'Width',
  whiteoutHeight: 'Height',
  ...KIND_VARIANT_LABELS,
  rotatePage: 'Rotate page {page}',
  deletePage: 'Delete page {page}',
  movePageUp: 'Move page {page} up',
  movePageDown: 'Move page {page} down',
  insertPages: 'Insert pages from PDF',
  extractPages: 'Extract pages',
  extractRange: 'Pages to extract (e.g. 1-3)',
  recognizeText: 'Recognise text',
  recognizingText: 'Recognising text… {done} of {total} pages',
  signatureTitle: 'Draw your signature',
  signatureCanvas: 'Signature drawing area',
  clear: 'Clear',
  useSignature: 'Use Signature',
  cancel: 'Cancel',
  savedSignatures: 'Saved signatures',
  removeSignature: 'Remove saved signature {number}',
  passwordTitle: 'This PDF is password-protected',
  passwordPrompt: 'Enter the password to open this PDF.',
  passwordWrong: 'Incorrect password. Try again.',
  password: 'Password',
  open: 'Open',
  upgradeRequired: 'Upgrade to Pro to use this feature',
  exportFailed: 'Failed to download PDF',
  saveFailed: 'Failed to save document',
  ocrFailed: 'Failed to recognise text',
  dismiss: 'Dismiss',
  commentPlaceholder: 'Write a comment',
  find: 'Find in document',
  findPrevious: 'Previous match',
  findNext: 'Next match',
  matchCase: 'Match case',
  wholeWords: 'Whole words',
  findCount: '{current} of {total}',
  findNone: 'No matches',
  findSearching: 'Searching: page {searched} of {pages}',
  markAll: 'Mark all',
  markAllAs: 'Mark all matches as',
  closeFind: 'Close find',
  thread: 'Comments',
  replyPlaceholder: 'Write a reply',
  reply: 'Reply',
  deleteReply: 'Delete reply {number}',
  resolve: 'Resolve',
  reopen: 'Reopen',
  resolved: 'Resolved',
  collaborators: 'People in this document',
  followPeer: 'Follow {name}',
  stopFollowingPeer: 'Stop following {name}',
} as const;

/** The name of one user-visible string. */
export type MessageKey = keyof typeof defaultMessages;
/** All user-visible strings of the editor. */
export type Messages = Record<MessageKey, string>;

export function resolveMessages(overrides?: Partial<Messages>): Messages {
  return { ...defaultMessages, ...overrides };
}

export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
