// Shown when a guest with unsaved edits tries to leave (spec section 4, "Exit modal"). "Email me a
// recovery link" stores the work on the server for 24 hours and mails the link.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Modal } from '../../components/Modal';
import { recoveryApi, type RecoveryUpload } from '../../api/recovery';
import { RECOVERY_MESSAGES } from './recoveryLink';

export const NO_DOCUMENT_DATA = 'No document data to save';

export interface GuestWork {
  fileName: string;
  fileData?: string;
  fileRef?: string;
  editCount: number;
  timeSpent: number;
}

interface ExitModalProps {
  onClose(): void;
  /** Saves recovery data; false when there is no document to save. */
  saveWork(): boolean;
  /** The work as the recovery link keeps it: the PDF, its annotations, edit count and time. */
  recoveryWork(): Omit<RecoveryUpload, 'email'>;
}

export function ExitModal({ onClose, saveWork, recoveryWork }: ExitModalProps) {
  const navigate = useNavigate();
  const [emailMode, setEmailMode] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const createAccount = () => {
    if (!saveWork()) {
      toast.error(NO_DOCUMENT_DATA);
      return;
    }
    onClose();
    navigate('/register');
  };

  const sendLink = async () => {
    const address = email.trim();
    setSending(true);
    setFailure(null);
    try {
      await recoveryApi.create({ ...recoveryWork(), email: address });
      toast.success(RECOVERY_MESSAGES.sent(address), { duration: 6000 });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'The recovery link could not be sent.');
      setSending(false);
    }
  };

  return (
    <Modal title="Don't lose your edits!" onClose={onClose}>
      <div className="stack">
        <p>You have unsaved changes. Create a free account to keep them, or get a link to continue later.</p>
        <button type="button" className="btn btn-primary btn-block" onClick={createAccount}>
          Create Free Account &amp; Save
        </button>
        {emailMode ? (
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              if (email.trim()) void sendLink();
            }}
          >
            <div className="field">
              <label htmlFor="recovery-email">Email</label>
              <input
                id="recovery-email"
                className="input"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder="you@example.com"
              />
            </div>
            {failure && (
              <p className="field-error" role="alert">
                {failure}
              </p>
            )}
            <button type="submit" className="btn btn-block" disabled={!email.trim() || sending}>
              {sending ? 'Sending...' : 'Send Recovery Link'}
            </button>
          </form>
        ) : (
          <button type="button" className="btn btn-block" onClick={() => setEmailMode(true)}>
            Email me a recovery link instead
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
          Leave without saving
        </button>
      </div>
    </Modal>
  );
}
