// Contracts between the editor and its host: where annotations are stored and what the host allows.
// DOM-free types only; implementations that need browser APIs live in src/browser.
import { checkObject } from './input';
import { checkAnnotationList } from './model/check';
import type { FormValues } from './forms/types';
import type { AnnotationDiff } from './history/diff';
import type { Annotation, AnnotationType } from './model/types';

/** The id of a tool a host adds with the editor's `tools` option: `custom:` and a name of its own. */
export type CustomToolId = `custom:${string}`;

/**
 * Every tool of the editor: `select`, `eraser`, one per annotation type (signature included), and
 * the host's own (`custom:...`, see the `tools` option).
 */
export type EditorTool = 'select' | 'eraser' | AnnotationType | CustomToolId;

/** A document's annotations as persisted, with the version the storage assigned to them. */
export interface StoredAnnotations {
  annotations: Annotation[];
  /** Increases on every save; a save based on an older version is a conflict. */
  version: number;
  /**
   * The values the user gave the PDF's form fields (by full field name), saved with the
   * annotations; absent when none were saved (a storage that does not keep them never gives them).
   */
  formValues?: FormValues;
}

/** Loads and saves one document's annotations (and, with `saveDocument`, its PDF after page edits). */
export interface StorageAdapter {
  /** The stored annotations, or null when nothing was saved for this document yet. */
  load(documentId: string): Promise<StoredAnnotations | null>;
  /**
   * Saves `annotations`, which were edited from `baseVersion` (0 when nothing was loaded).
   * Resolves with the new version; rejects with `StorageConflictError` when the stored copy moved on.
   * The editor also gives `changes`, how `annotations` differ from that version by id (all added
   * when it is 0), so a storage that keeps annotations by id can write only these: only while
   * `baseVersion` is still the stored version (they are measured against that list), and the whole
   * list when `changes.reordered` says the order moved. `toAnnotationChanges` gives them in the
   * form to send, `applyAnnotationChanges` applies them to a stored list.
   * `formValues`, when the document has a form, are the values the user gave its fields (all of
   * them, not a change): a storage keeps them beside the annotations and gives them back from `load`.
   */
  save(
    documentId: string,
    annotations: readonly Annotation[],
    baseVersion: number,
    changes?: AnnotationDiff,
    formValues?: FormValues,
  ): Promise<StoredAnnotations>;
  /**
   * Saves a new PDF, its pages edited (rotated, reordered, deleted, inserted), together with its
   * `annotations` (already moved with their pages), on the same version check as `save`. Optional:
   * an editor whose storage lacks it cannot save page edits (`PageEditsUnsupportedError`).
   * `formValues` as for `save`.
   */
  saveDocument?(
    documentId: string,
    pdf: Uint8Array,
    annotations: readonly Annotation[],
    baseVersion: number,
    formValues?: FormValues,
  ): Promise<StoredAnnotations>;
}

/** Someone else saved the document since it was loaded; reload before saving again. */
export class StorageConflictError extends Error {
  override readonly name = 'StorageConflictError';
  constructor(
    readonly documentId: string,
    /** The version now stored, when the storage said so. */
    readonly currentVersion?: number,
  ) {
    super(`Annotations of "${documentId}" were changed elsewhere (now version ${currentVersion ?? 'unknown'}).`);
  }
}

/** The pages were edited and the storage has no `saveDocument` to save the new PDF with them. */
export class PageEditsUnsupportedError extends Error {
  override readonly name = 'PageEditsUnsupportedError';
  constructor(readonly documentId: string) {
    super(`Page edits of "${documentId}" need the storage's saveDocument`);
  }
}

/** An action the host may allow, refuse or answer with a prompt (sign up, upgrade...). */
export type GateAction =
  | { type: 'tool'; tool: EditorTool }
  | { type: 'save' }
  /** `watermark`: the download carries one, so a host may allow it where it prompts for a clean copy. */
  | { type: 'download'; watermark: boolean }
  /** Opening the document's summary (`editor.summary.open()`), e.g. a Pro feature of the host's. */
  | { type: 'summary' }
  /** Recognising the text of scanned pages (`editor.ocr.run()`), e.g. a Pro feature of the host's. */
  | { type: 'ocr' };

/** Why the host prompts; the host decides what each one shows. */
export type GatePromptTrigger = 'save' | 'download' | 'pro-feature' | 'limit-reached';

/** What a gate answers: allow, or a prompt the host shows instead. */
export type GateDecision = 'allow' | { prompt: GatePromptTrigger; message: string };

/** The host's policy. The SDK never knows about plans or guests, only about this answer. */
export interface Gate {
  check(action: GateAction): GateDecision;
}

/** A gate that allows everything: the default. */
export const openGate: Gate = { check: () => 'allow' };

/** Storage in memory, per adapter instance: for tests, demos and hosts that persist elsewhere. */
export function memoryStorage(initial: Record<string, readonly Annotation[]> = {}): StorageAdapter {
  for (const [id, annotations] of Object.entries(checkObject(initial, 'initial'))) checkAnnotationList(annotations, `initial.${id}`);
  const documents = new Map<string, StoredAnnotations>(
    Object.entries(initial).map(([id, annotations]) => [id, { annotations: [...annotations], version: 1 }]),
  );
  return {
    async load(documentId) {
      const stored = documents.get(documentId);
      return stored ? structuredClone(stored) : null;
    },
    async save(documentId, annotations, baseVersion, _changes, formValues) {
      const current = documents.get(documentId)?.version ?? 0;
      if (baseVersion !== current) throw new StorageConflictError(documentId, current);
      const stored: StoredAnnotations = { annotations: structuredClone([...annotations]), version: current + 1, ...(formValues && { formValues: structuredClone(formValues) }) };
      documents.set(documentId, stored);
      return structuredClone(stored);
    },
  };
}

/**
 * Keeps the signatures a user drew, so the signature dialog offers them again next time. The
 * editor loads the list when it mounts and saves the whole list whenever it changes: newest
 * first, without duplicates, at most five PNG data URLs. The editor never lets a rejection reach
 * the user: it reports it to `onError` and keeps the signatures for the session only.
 */
export interface SignatureStore {
  /** The saved signatures, newest first; an empty list when none were saved. */
  load(): Promise<string[]>;
  /** Replaces the saved signatures with `signatures` (newest first). */
  save(signatures: readonly string[]): Promise<void>;
}

/** How many drawn signatures the editor keeps: the most recently used ones. */
export const SAVED_SIGNATURE_LIMIT = 5;

/**
 * `signatures` as the editor keeps them: image data URLs only, each once (its first, most recent
 * place), at most `SAVED_SIGNATURE_LIMIT`. Stored lists go through it too, since they come from
 * outside the editor's control.
 */
export function recentSignatures(signatures: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const signature of signatures) {
    if (kept.length === SAVED_SIGNATURE_LIMIT) break;
    if (typeof signature === 'string' && signature.startsWith('data:image/') && !kept.includes(signature)) kept.push(signature);
  }
  return kept;
}

/**
 * Saved signatures in memory, per store instance, seeded with `initial`: for tests and demos.
 * Nothing outlives the page.
 */
export function memorySignatureStore(initial: readonly string[] = []): SignatureStore {
  let signatures = recentSignatures(initial);
  return {
    async load() {
      return [...signatures];
    },
    async save(next) {
      signatures = recentSignatures(next);
    },
  };
}
