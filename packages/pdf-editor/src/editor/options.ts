// What a host tells an editor: the document, controlled or uncontrolled annotations, storage,
// saved signatures, gate, strings, and where downloads and errors go. <PdfEditor>'s props and
// usePdfEditor's options are these same options.
import type { Annotation, AnnotationDiff, ExportFontOptions, FormValues, Gate, GateAction, GateDecision, HostKind, OcrAssets, SignatureStore, StorageAdapter, StorageConflictError, StoredAnnotations } from '../core/index';
import type { PdfFile } from './document/loadFile';
import type { Messages } from './messages';
import type { SummaryProvider } from './summary/summaryController';
import type { ToolDefinition } from './tools/types';

/** An export that finished: what `onExported` receives. */
export interface ExportedPdf {
  /** The exported PDF. */
  bytes: Uint8Array;
  /** The annotations it was made from. */
  annotations: readonly Annotation[];
  /** What the export skipped or replaced, one message each (also given to the export's `onWarning`). */
  warnings: readonly string[];
}

/** The unsaved work of an editor, as a `DraftStore` keeps it and `restoreDraft` gives it back. */
export interface EditorDraft {
  /** The annotations as edited. */
  annotations: Annotation[];
  /** The edited PDF when its pages changed since it was saved (rotated, reordered, deleted, inserted); else null. */
  pdf: Uint8Array | null;
  /** The stored version the work builds on: the base of its save's version check. */
  baseVersion: number;
  /** A save of this work was asked for and did not go through (e.g. the session expired). */
  saveRequested: boolean;
  /** The values the user gave the form's fields, when they differ from what storage holds. */
  formValues?: FormValues;
}

/**
 * Where the editor keeps its unsaved work between sessions (e.g. IndexedDB), so a closed tab, a
 * crash or an expired session loses nothing. Calls never overlap: each waits for the one before.
 */
export interface DraftStore {
  /** Keeps `draft`: 300 ms after the last change while the work is unsaved, and before every save request. */
  write(draft: EditorDraft): Promise<void>;
  /** Forgets the draft: the work was saved or is back at the saved state. (A host whose user discards the work calls it itself.) */
  clear(): Promise<void>;
}

/** What `onAnnotationsChange` tells besides the new list. */
export interface AnnotationsChange {
  /**
   * How the new list differs from the one last reported (or, for the first report, the one the
   * editor started with or the host last gave it): the annotations added, updated (as `[before,
   * after]`) and removed, by id, and `reordered` when the order must be taken from the list. A
   * host that stores annotations by id can write only these (see `squashAnnotationDiffs`).
   */
  diff: AnnotationDiff;
}

/**
 * What the editor was doing when an error reached `onError`: loading the annotations of
 * `documentId`, saving them, writing or clearing the local draft (`drafts`), downloading, loading
 * or saving the saved signatures, a page operation (rotate, delete, reorder, insert), or text
 * recognition (`editor.ocr`).
 */
export type EditorErrorSource = 'load' | 'save' | 'draft' | 'download' | 'signatures' | 'page-operation' | 'ocr';

/** Host settings an editor reads when it needs them: gate, storage, file name, where downloads and errors go. */
export interface EditorConfig {
  /** Asked before choosing any tool but select, and before saving or downloading. Default: allows all. */
  gate?: Gate;
  /**
   * Called when the gate answers with a prompt; the action does not happen. Show the prompt here.
   * Without it the editor shows its own notice (`upgradeRequired` for a Pro feature, else the
   * gate's message).
   */
  onGatePrompt?: (decision: Exclude<GateDecision, 'allow'>, action: GateAction) => void;
  /** Where Save writes and where the annotations of `documentId` are loaded from. */
  storage?: StorageAdapter;
  /** The document's id in `storage`; without it nothing is loaded or saved. */
  documentId?: string;
  /** Saves by itself `delayMs` after the last change while there is unsaved work (not while a conflict waits). Default: off. */
  autosave?: { delayMs: number };
  /**
   * Keeps the unsaved work locally (e.g. in IndexedDB): written 300 ms after the last change and
   * before every save request, cleared once saved. Without `restoreDraft`, loading clears it.
   */
  drafts?: DraftStore;
  /**
   * A draft to lay over the stored annotations once they load (the user chose to restore it): its
   * annotations, its `baseVersion` as the base of the next save, its PDF (when not null) as the
   * `file` the host gives (so unsaved). When its `saveRequested`, call `save()` once the PDF is open.
   */
  restoreDraft?: EditorDraft;
  /** Called after every save that storage confirmed (the draft is already cleared). */
  onSaved?: (stored: StoredAnnotations) => void;
  /**
   * Called when a save is refused because storage holds another version (`state.conflict` says
   * which): offer `saveOver(version)` to keep the editor's work, or a reload. Without it the
   * conflict goes to `onError` as any failed save.
   */
  onConflict?: (error: StorageConflictError) => void;
  /** Name the download is based on: `report.pdf` downloads as `report_edited.pdf`. Default `document.pdf`. */
  fileName?: string;
  /** Who is editing: the author of their replies and of the resolved and reopened marks of threads (PDF /T). */
  author?: string;
  /**
   * Errors of loading from storage, saving, downloading and page operations (the calls themselves
   * resolve false), and of loading or saving the signatures of `signatureStore`. Without it, a
   * failed download or save is shown in the editor's own notice (role `alert`, dismissible) with
   * the `exportFailed` or `saveFailed` message; with it, the host shows what it wants instead.
   * `during` says which of these failed.
   */
  onError?: (error: Error, during: EditorErrorSource) => void;
  /**
   * Receives every download (the Download button, `download()`, extracted pages) instead of the
   * browser's file download: e.g. to save it through the host's own dialog, upload it, or show a
   * toast. `fileName` is the name the editor would have used (`report_edited.pdf`). A rejection
   * counts as a failed download (see `onError`).
   */
  onDownload?: (bytes: Uint8Array, fileName: string) => void | Promise<void>;
  /** Called after every export that succeeded (`exportPdf()`, downloads), e.g. to count them. */
  onExported?: (exported: ExportedPdf) => void;
  /**
   * Starts the Web Worker exports run in. Default: the package's own `dist/exportWorker.js` (a
   * self-contained ES module), which Vite, webpack and Next.js find with no configuration. Only
   * for hosts that serve that file themselves, e.g. `() => new Worker('/exportWorker.js', { type: 'module' })`.
   */
  exportWorker?: () => Worker;
  /**
   * Fonts of every export and download, for text beyond what the bundled DejaVu Sans draws (see
   * `ExportOptions.fonts`): e.g. lazy Noto Sans fallbacks for Chinese, Japanese, Korean, Arabic
   * and Hebrew, each fetched only when a text has characters of its script.
   */
  exportFonts?: ExportFontOptions;
  /**
   * Writes the document's summary (`editor.summary`) in the host's own way, e.g. with a language
   * model behind its server. Without it, or when it answers null, the editor makes an offline
   * extractive summary (the document's own key sentences, no model, no network).
   */
  summaryProvider?: SummaryProvider;
}

/** Options of `createEditor` (and of usePdfEditor, and props of <PdfEditor />). */
export interface EditorOptions extends EditorConfig {
  /** The PDF to edit; a string or URL is fetched. Changing it loads the new file; null shows none. */
  file?: PdfFile | null;
  /**
   * Controlled annotations; pair with onAnnotationsChange. A list equal in content to the editor's
   * (the host copying what onAnnotationsChange gave it) is no change: no undo step, no call back.
   * A different list is an external change, recorded as `recordExternalChanges` says.
   */
  annotations?: Annotation[];
  /**
   * Called with the new list after every change the user makes, undo and redo included (a
   * gesture reports once, when it ends); never for a change that came in through `annotations`.
   * `change.diff` says what changed, so a host can save only that.
   */
  onAnnotationsChange?: (annotations: Annotation[], change: AnnotationsChange) => void;
  /**
   * What an `annotations` option that differs from the editor's list does to undo. `true`
   * (default): it is one undoable step, so Undo goes back to the list before it. `false`: it is
   * a new starting point, and the undo and redo history is emptied (e.g. for a list reloaded from
   * the server, which Undo must not take back).
   */
  recordExternalChanges?: boolean;
  /** Uncontrolled: the annotations to start with. */
  defaultAnnotations?: Annotation[];
  /** The page (1-based) shown first. Default 1. */
  initialPage?: number;
  /** An external zoom: the editor shows no zoom buttons and follows this value. */
  scale?: number;
  /**
   * Tools of the host's own, shown after the editor's in the toolbar: each a preset (an id
   * `custom:...`, a label, an icon, a cursor, the annotation type it makes, which the Style Options
   * follow) and its gesture machine, which adds annotations through `context.store`. Read when the
   * editor is created; a preset's `shortcut` is not bound to a key.
   */
  tools?: readonly ToolDefinition[];
  /**
   * Annotation kinds of the host's own (see `registerKinds`, which this calls): each a `custom:...`
   * type with its schema, defaults, geometry and PDF drawing, as the editor's kinds have them; a
   * tool in `tools` makes them. Read when the editor is created. An export of a document holding
   * any runs on the main thread, where they are registered, not in the export worker.
   */
  kinds?: readonly HostKind[];
  /** Replacements for any of the user-visible strings (`defaultMessages` has the English ones). */
  messages?: Partial<Messages>;
  /**
   * Where the signatures the user draws are kept, so the signature dialog offers them next time.
   * Default `browserSignatureStore()` (localStorage); `null` keeps them for the session only. Its
   * errors go to `onError`, and the signatures then stay for the session only.
   */
  signatureStore?: SignatureStore | null;
  /**
   * Where pdf.js's worker is loaded from. Default: the copy shipped in the package's `dist/`,
   * found with `new URL(..., import.meta.url)`, which Vite, webpack and Next.js resolve with no
   * configuration. Give a URL only when the host serves that file itself (copy
   * `pdf.worker.min.mjs` from the package's `dist/`: the version must match). pdf.js has one
   * worker per page, so the first editor's setting is used.
   */
  workerSrc?: string | URL;
  /**
   * Text recognition of scanned pages (`editor.ocr`, the "Recognise text" button): where a browser
   * finds the recogniser's worker, core and language files, which the host serves (see
   * docs/ocr.md), and the languages to read by default. Without it the button is not shown.
   */
  ocr?: EditorOcrOptions;
}

/** The `ocr` option: the recogniser's files and the default languages. */
export interface EditorOcrOptions {
  /** URLs of the recogniser's files; needed in browsers (in Node they are found in the installed packages). */
  assets?: OcrAssets;
  /** Tesseract language codes read by default, e.g. `['eng', 'fra']`; each needs its data at `assets.langPath`. Default `['eng']`. */
  languages?: readonly string[];
}
