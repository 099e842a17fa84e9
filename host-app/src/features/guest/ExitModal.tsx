// Shown when a guest with unsaved edits tries to leave (spec section 4, "Exit modal").
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Modal } from '../../components/Modal';
import { RECOVERY_MESSAGES, saveRecoveryLink } from './recoveryLink';

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
  work(): GuestWork | null;
}

export function ExitModal({ onClose, saveWork, work }: ExitModalProps) {
  const navigate = useNavigate();
  const [emailMode, setEmailMode] = useState(false);
  const [email, setEmail] = useState('');

  const createAccount = () => {
    if (!saveWork()) {
      toast.error(NO_DOCUMENT_DATA);
      return;
    }
    onClose();
    navigate('/register');
  };

  const sendLink = () => {
    const current = work();
    if (!current?.fileData) {
      toast.error(NO_DOCUMENT_DATA);
      return;
    }
    const id = saveRecoveryLink(localStorage, {
      fileName: current.fileName,
      fileData: current.fileData,
      editCount: current.editCount,
      timeSpent: current.timeSpent,
    });
    // No mail is sent from the browser: the link is kept locally and logged for the user to reuse.
    console.info(`Recovery link: ${window.location.origin}/recover/${id}`);
    window.alert(RECOVERY_MESSAGES.sent(email.trim()));
    onClose();
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
              if (email.trim()) sendLink();
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
            <button type="submit" className="btn btn-block" disabled={!email.trim()}>
              Send Recovery Link
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
