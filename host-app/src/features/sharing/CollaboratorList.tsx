// The people invited to a document, as its owner manages them: each with their permission (which
// the owner changes in place) and whether they joined or the invitation is still pending, and a
// button that removes them or revokes the invitation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollaboratorRole, DocumentCollaborator } from '@marginalia/api';
import { documentsApi } from '../../api/documents';
import { ROLE_OPTIONS } from './roles';

export const collaboratorsKey = (documentId: string) => ['collaborators', documentId] as const;

function CollaboratorRow({ documentId, collaborator }: { documentId: string; collaborator: DocumentCollaborator }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: collaboratorsKey(documentId) });
  const change = useMutation({
    mutationFn: (role: CollaboratorRole) => documentsApi.changeCollaboratorRole(documentId, collaborator.id, role),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => documentsApi.removeCollaborator(documentId, collaborator.id), onSettled: refresh });
  const pending = collaborator.status === 'invited';
  return (
    <li className="collaborator" data-testid="collaborator">
      <div className="collaborator-who">
        <strong>{collaborator.name ?? collaborator.email}</strong>{' '}
        {pending && <span className="badge badge-warning">Invited</span>}
        {collaborator.name && <div className="muted">{collaborator.email}</div>}
      </div>
      <select
        className="input role-select"
        aria-label={`Permission for ${collaborator.email}`}
        value={change.isPending ? change.variables : collaborator.role}
        disabled={change.isPending || remove.isPending}
        onChange={(event) => change.mutate(event.target.value as CollaboratorRole)}
      >
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        aria-label={pending ? `Revoke the invitation of ${collaborator.email}` : `Remove ${collaborator.email}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
      >
        {pending ? 'Revoke' : 'Remove'}
      </button>
    </li>
  );
}

export function CollaboratorList({ documentId }: { documentId: string }) {
  const collaborators = useQuery({ queryKey: collaboratorsKey(documentId), queryFn: () => documentsApi.collaborators(documentId) });
  if (collaborators.isPending) return <p className="muted">Loading people...</p>;
  if (collaborators.isError) return <p className="field-error">The people with access could not be loaded.</p>;
  if (collaborators.data.length === 0) return <p className="muted">Nobody else has access yet.</p>;
  return (
    <ul className="collaborator-list" aria-label="People with access">
      {collaborators.data.map((collaborator) => (
        <CollaboratorRow key={collaborator.id} documentId={documentId} collaborator={collaborator} />
      ))}
    </ul>
  );
}
