// The read-only link: anyone with it views the document and its annotations, without an account.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { documentsApi } from '../../api/documents';

export function ShareLink({ documentId }: { documentId: string }) {
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const { share } = await documentsApi.share(documentId);
      const url = `${window.location.origin}/shared/${share.token}`;
      setLink(url);
      try {
        await navigator.clipboard.writeText(url);
        toast.success('Share link copied to clipboard');
      } catch {
        // Clipboard access can be refused; the dialog shows the link to copy by hand.
      }
    } catch {
      // The API client has told the user.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <p>Anyone with this link can view the document and its annotations, but not change them.</p>
      {link ? (
        <>
          <label htmlFor="share-link">Link</label>
          <input id="share-link" className="input share-link" readOnly value={link} onFocus={(event) => event.target.select()} />
          <a className="btn btn-primary" href={link} target="_blank" rel="noreferrer">
            Open link
          </a>
        </>
      ) : (
        <button type="button" className="btn" onClick={() => void create()} disabled={busy}>
          {busy ? 'Creating link...' : 'Create read-only link'}
        </button>
      )}
    </div>
  );
}
