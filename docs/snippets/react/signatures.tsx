import { useMemo } from 'react';
import { PdfEditor, browserSignatureStore, type SignatureStore } from '@marginalia/pdf-editor';

// #region choose
// One list per account on a shared browser. Keep the same store between renders: a new store
// object makes the editor load the list again.
export function AccountEditor({ file, userId }: { file: Blob; userId: string }) {
  const signatures = useMemo(() => browserSignatureStore({ key: `signatures:${userId}` }), [userId]);
  return <PdfEditor file={file} signatureStore={signatures} />;
}

// Nothing kept once the page closes (kiosks, shared computers):
export const Kiosk = ({ file }: { file: Blob }) => <PdfEditor file={file} signatureStore={null} />;

// #endregion

// #region custom
/** The user's signatures on the host's own server, as a JSON array of PNG data URLs. */
export function serverSignatureStore(url: string): SignatureStore {
  return {
    async load() {
      const response = await fetch(url, { credentials: 'include' });
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`Loading signatures failed with status ${response.status}`);
      // The editor keeps only image data URLs from this list, five at most.
      return (await response.json()) as string[];
    },
    async save(signatures) {
      const response = await fetch(url, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(signatures),
      });
      if (!response.ok) throw new Error(`Saving signatures failed with status ${response.status}`);
    },
  };
}
// #endregion
