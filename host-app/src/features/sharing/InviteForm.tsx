// Invites someone to the document by e-mail, to edit or to view. The request's own rules (shared
// with the server) check the form; the server's refusals (the owner's address, a full document)
// show under the field, and a refusal for the plan sends the dialog back to the Team gate.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteCollaboratorRequest } from '@marginalia/api';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type * as z from 'zod';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import { TextField } from '../auth/fields';
import { ME_QUERY_KEY } from '../plans/useAccount';
import { collaboratorsKey } from './CollaboratorList';
import { ROLE_OPTIONS } from './roles';

type InviteInput = z.input<typeof inviteCollaboratorRequest>;
type Invitation = z.output<typeof inviteCollaboratorRequest>;

export function InviteForm({ documentId }: { documentId: string }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<InviteInput, unknown, Invitation>({ resolver: zodResolver(inviteCollaboratorRequest), defaultValues: { email: '', role: 'editor' } });
  const invite = useMutation({
    mutationFn: (invitation: Invitation) => documentsApi.inviteCollaborator(documentId, invitation),
    onSuccess(collaborator) {
      toast.success(collaborator.status === 'invited' ? `Invitation sent to ${collaborator.email}` : `${collaborator.email} can open this document now`);
      resetField('email');
      void queryClient.invalidateQueries({ queryKey: collaboratorsKey(documentId) });
    },
    onError(error) {
      if (!(error instanceof ApiError)) return;
      // The plan changed (a trial ended): the account as the server has it now decides what shows.
      if (error.status === 403) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (error.status === 400 || error.status === 403) setError('email', { message: error.message });
    },
  });

  return (
    <form className="invite-form" onSubmit={handleSubmit((invitation) => invite.mutate(invitation))} noValidate>
      <TextField label="Email address" type="email" autoComplete="off" placeholder="name@example.com" {...register('email')} error={errors.email?.message} />
      <div className="field">
        <label htmlFor="invite-role">Permission</label>
        <select id="invite-role" className="input role-select" {...register('role')}>
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <span aria-hidden="true">&nbsp;</span>
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting...' : 'Invite'}
        </button>
      </div>
    </form>
  );
}
