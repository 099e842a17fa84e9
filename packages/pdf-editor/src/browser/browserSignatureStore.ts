// SignatureStore on localStorage: the user's drawn signatures under one key, as versioned JSON
// `{ version: 1, signatures: [...] }`. localStorage is only touched inside load and save, so
// creating the store is safe during server rendering.
import { recentSignatures } from '../core/adapters';
import type { SignatureStore } from '../core/adapters';

/** Options of browserSignatureStore. */
export interface BrowserSignatureStoreOptions {
  /** localStorage key of the saved signatures. Default `marginalia-signatures`. */
  key?: string;
}

const FORMAT_VERSION = 1;

/** Throws what the browser throws when localStorage is missing or blocked (a SecurityError in a sandboxed frame, say). */
function localStorageOrThrow(): Storage {
  const storage = globalThis.localStorage as Storage | undefined;
  if (!storage) throw new Error('localStorage is not available');
  return storage;
}

function asError(error: unknown, action: 'read' | 'write'): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const where = action === 'read' ? 'from' : 'to';
  return new Error(`Could not ${action} the saved signatures ${where} localStorage: ${reason}`, { cause: error });
}

/**
 * Keeps the user's drawn signatures in localStorage (key `marginalia-signatures`): the default
 * `signatureStore` of `<PdfEditor />`. A stored value that is not valid JSON, or not this store's
 * format, loads as no signatures and is replaced by the next save. `load` and `save` reject when
 * localStorage is unavailable or full; the editor then reports the error to `onError` and keeps
 * the signatures for the session only.
 *
 * @example
 * <PdfEditor file={file} signatureStore={browserSignatureStore({ key: `signatures:${userId}` })} />;
 */
export function browserSignatureStore(options: BrowserSignatureStoreOptions = {}): SignatureStore {
  const key = options.key ?? 'marginalia-signatures';
  return {
    async load() {
      let raw: string | null;
      try {
        raw = localStorageOrThrow().getItem(key);
      } catch (error) {
        throw asError(error, 'read');
      }
      if (raw === null) return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // Nothing in it can be recovered; the next save writes a valid list over it.
        return [];
      }
      if (!parsed || typeof parsed !== 'object' || !('version' in parsed) || parsed.version !== FORMAT_VERSION) return [];
      return 'signatures' in parsed && Array.isArray(parsed.signatures) ? recentSignatures(parsed.signatures) : [];
    },
    async save(signatures) {
      try {
        localStorageOrThrow().setItem(key, JSON.stringify({ version: FORMAT_VERSION, signatures: recentSignatures(signatures) }));
      } catch (error) {
        throw asError(error, 'write');
      }
    },
  };
}
