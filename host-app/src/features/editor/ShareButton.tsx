// The editor's Share button: opens the Share dialog (features/sharing).
import { useState } from 'react';
import { ShareDialog } from '../sharing/ShareDialog';

export function ShareButton({ documentId }: { documentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="mg-button" onClick={() => setOpen(true)}>
        Share
      </button>
      {open && <ShareDialog documentId={documentId} onClose={() => setOpen(false)} />}
    </>
  );
}
