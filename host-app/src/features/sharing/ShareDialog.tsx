// The editor's Share dialog. Its owner invites people by e-mail to edit or to view (a Team feature,
// with the 14-day Team trial offered in its place), manages who has access, and makes a read-only
// link; anyone else it was shared with is told whose it is and what they may do, without controls.
// The server enforces all of it; the dialog only leaves out what would be refused.
import { useQuery } from '@tanstack/react-query';
import { documentsApi } from '../../api/documents';
import { Modal } from '../../components/Modal';
import { useAccount } from '../plans/useAccount';
import { CollaboratorList } from './CollaboratorList';
import { InviteForm } from './InviteForm';
import { ShareLink } from './ShareLink';
import { TeamGate } from './TeamGate';
import { ROLE_LABELS } from './roles';
import './sharing.css';

const documentKey = (documentId: string) => ['document', documentId] as const;

function OwnerControls({ documentId }: { documentId: string }) {
  const user = useAccount();
  return (
    <>
      <section className="share-section" aria-labelledby="share-people">
        <h3 id="share-people">Invite people</h3>
        {user?.plan === 'team' ? <InviteForm documentId={documentId} /> : user && <TeamGate user={user} />}
        <CollaboratorList documentId={documentId} />
      </section>
      <section className="share-section" aria-labelledby="share-link-heading">
        <h3 id="share-link-heading">Read-only link</h3>
        <ShareLink documentId={documentId} />
      </section>
    </>
  );
}

export function ShareDialog({ documentId, onClose }: { documentId: string; onClose(): void }) {
  const document = useQuery({ queryKey: documentKey(documentId), queryFn: () => documentsApi.get(documentId) });
  return (
    <Modal title="Share" onClose={onClose} width={560}>
      {document.isPending && <p className="muted">Loading...</p>}
      {document.isError && <p className="field-error">This document's sharing could not be loaded.</p>}
      {document.data &&
        (document.data.access === 'owner' ? (
          <OwnerControls documentId={documentId} />
        ) : (
          <div className="stack" data-testid="shared-by">
            <p>
              {document.data.owner?.name ?? 'Its owner'} shared this document with you. {ROLE_LABELS[document.data.access]}.
            </p>
            <p className="muted">Only its owner can invite people or create links.</p>
          </div>
        ))}
    </Modal>
  );
}
