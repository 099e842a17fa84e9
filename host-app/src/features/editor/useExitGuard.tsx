// Leaving a document with unsaved changes: an in-app navigation (← Back, a navbar link, the logo)
// is held and the user chooses Save, Discard or Cancel; closing or reloading the tab gets the
// browser's leave warning. A navigation after the session ended (to /login) is never held: the
// changes are in the local draft.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { useAuthStore } from '../../stores/authStore';

export const LEAVE_TITLE = 'Leave with unsaved changes?';

interface ExitGuardProps {
  /** Read when the user leaves, so a save that just finished is never held up. */
  isDirty(): boolean;
  fileName: string;
  saving: boolean;
  /** Saves; true when the server confirmed. Absent when there is nowhere to save (no Save button). */
  save?: () => Promise<boolean>;
  /** Throws the unsaved changes away (the local draft too). */
  discard(): Promise<void>;
}

export function ExitGuard({ isDirty, fileName, saving, save, discard }: ExitGuardProps) {
  const latest = useRef(isDirty);
  latest.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      latest.current() && useAuthStore.getState().isAuthenticated && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older browsers show the leave warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  if (blocker.state !== 'blocked') return null;

  const onSave = async () => {
    if (save && (await save())) blocker.proceed();
    else blocker.reset();
  };
  const onDiscard = async () => {
    await discard();
    blocker.proceed();
  };

  return (
    <Modal title={LEAVE_TITLE} onClose={() => blocker.reset()}>
      <div className="stack">
        <p>
          You have unsaved changes in <strong>{fileName}</strong>.{save ? ' Save them before you leave?' : ' They are not saved anywhere.'}
        </p>
        <div className="row">
          {save && (
            <button type="button" className="btn btn-primary" onClick={() => void onSave()} disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          )}
          <button type="button" className="btn btn-danger" onClick={() => void onDiscard()} disabled={saving}>
            Discard
          </button>
          <button type="button" className="btn" onClick={() => blocker.reset()}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}
