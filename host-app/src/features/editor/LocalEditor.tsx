// /editor without a document id: a guest's file (or work restored after signing up). Guests get the
// banner, the badge, the sign-up prompts, exit intent and the watermarked download; a guest's daily
// free edit is spent once the PDF has opened. Work restored after signing up is saved to the new
// account at once (then /editor/{id} opens); a free user past the day's uploads edits without cloud save.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { PdfEditor, type PdfEditorHandle } from '@marginalia/pdf-editor';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { EXPORT_FONTS } from '../../lib/exportFonts';
import { selectVerifiedPlan, useAuthStore } from '../../stores/authStore';
import { minutesSpent, useDocumentStore } from '../../stores/documentStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { logGuestAction } from '../guest/actionLog';
import { bytesToDataUrl } from '../guest/dataUrl';
import { ExitModal, type GuestWork } from '../guest/ExitModal';
import { GuestBadge } from '../guest/GuestBadge';
import { GuestBanner } from '../guest/GuestBanner';
import { LoginPromptModal } from '../guest/LoginPromptModal';
import { consumeGuestEdit, loadedMessage } from '../guest/editCounter';
import { browserStores, clearRecoveryData, DOCUMENT_STATE_KEY, saveRecoveryData } from '../guest/recovery';
import { recordStreakEdit } from '../guest/streak';
import { isUploadBlocked, UPLOAD_MESSAGES } from '../documents/uploadRules';
import { saveLastSession } from '../guest/recoveryLink';
import { StreakCelebration } from '../guest/StreakCelebration';
import { useExitIntent } from '../guest/useExitIntent';
import { OpenWatcher, ToolWatcher, UnsavedBadge } from './EditorChrome';
import { CompactHeading, EditorFrame, LoadingDocument } from './EditorFrame';
import { DraftOrNewFile } from './DraftOrNewFile';
import { NoDocument } from './NoDocument';
import { ExitGuard } from './useExitGuard';
import { useAccount } from '../plans/useAccount';
import { hostGate } from './hostGate';
import { FILE_OPEN_TOAST, UNREADABLE_PDF } from './naming';
import { reportDownloadFailure, saveDownload } from './saveDownload';
import { saveWorkToAccount, type AccountSave } from './saveToAccount';
import { useGuestSession, type OpenedFile } from './useGuestSession';
import { signatureStoreFor } from './signatures';
import { OCR_OPTION } from './ocr';

export function LocalEditor() {
  const session = useGuestSession();
  const trigger = useGuestPrompts((state) => state.loginTrigger);
  const close = useGuestPrompts((state) => state.close);
  useDocumentTitle(session.status === 'ready' ? `Editing ${session.file.name}` : 'Editor');

  if (session.status === 'loading') return <LoadingDocument />;
  if (session.status === 'ready') return <OpenEditor file={session.file} />;
  if (session.status === 'choose') return <DraftOrNewFile {...session} />;
  return (
    <>
      <NoDocument />
      {trigger && <LoginPromptModal trigger={trigger} onClose={close} saveWork={() => undefined} />}
    </>
  );
}

function UnreadableFile() {
  return (
    <div className="center-state" role="alert">
      <h2>{UNREADABLE_PDF}</h2>
      <p className="muted">Check that it is a PDF and not damaged, then choose it again.</p>
    </div>
  );
}

function OpenEditor({ file }: { file: OpenedFile }) {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // Asked again on opening, so a trial that ended since the page loaded gates the Pro tools.
  useAccount();
  const plan = useAuthStore(selectVerifiedPlan);
  const uploadBlocked = useAuthStore((state) => isUploadBlocked(state.user));
  const [unreadable, setUnreadable] = useState(false);
  const [celebrateStreak, setCelebrateStreak] = useState<number | null>(null);
  const [accountSaveError, setAccountSaveError] = useState<string | null>(null);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const signatureStore = useMemo(() => signatureStoreFor(userId), [userId]);
  const isGuest = !isAuthenticated;
  const { editCount, startTime, hasUnsavedChanges, recordEdit, markSaved } = useDocumentStore();
  const { loginTrigger, exitOpen, openLogin, openExit, close } = useGuestPrompts();
  const editor = useRef<PdfEditorHandle>(null);
  const annotations = useRef<Annotation[]>(file.annotations);
  const [saving, setSaving] = useState(false);
  const gate = useMemo(() => hostGate(() => ({ isGuest, plan })), [isGuest, plan]);

  const work = useCallback((): GuestWork & { annotations: Annotation[] } => {
    const { editCount: edits, startTime: started } = useDocumentStore.getState();
    return {
      fileName: file.name,
      fileData: file.localId ? undefined : bytesToDataUrl(file.bytes),
      fileRef: file.localId,
      annotations: annotations.current,
      editCount: edits,
      timeSpent: minutesSpent(started),
    };
  }, [file]);

  const saveWork = useCallback(() => saveRecoveryData(browserStores(), work()), [work]);

  const recoveryWork = useCallback(() => {
    const current = work();
    return {
      pdf: file.bytes,
      fileName: current.fileName,
      annotations: current.annotations,
      editCount: current.editCount,
      timeSpent: current.timeSpent,
    };
  }, [file, work]);

  const onAnnotationsChange = (next: Annotation[]) => {
    annotations.current = next;
    recordEdit();
    if (isGuest) {
      try {
        const edits = useDocumentStore.getState().editCount;
        sessionStorage.setItem(DOCUMENT_STATE_KEY, JSON.stringify({ fileName: file.name, editCount: edits, annotations: next }));
      } catch {
        // Session storage full (large images): recovery still has the explicit save paths.
      }
    }
  };

  const progress = useRef<AccountSave>({});
  /** Saves a signed-in user's work to the account; the new document's id, or null on failure (shown). */
  const saveToAccount = async (): Promise<string | null> => {
    setSaving(true);
    try {
      const id = await saveWorkToAccount(file.bytes, file.name, annotations.current, progress.current);
      clearRecoveryData(browserStores());
      markSaved();
      toast.success('Document saved');
      return id;
    } catch (error) {
      // The restored work stays in this browser (recovery data is cleared only on success).
      console.warn('Saving to the account failed', error);
      setAccountSaveError(error instanceof Error && error.message ? error.message : 'Failed to save document');
      setSaving(false);
      return null;
    }
  };

  const save = async () => {
    if (isGuest) {
      logGuestAction(localStorage, 'save_attempt', { fileName: file.name });
      openLogin('save');
      return;
    }
    const id = await saveToAccount();
    if (id) navigate(`/editor/${id}`, { replace: true });
  };

  /** The exit guard's Save: the navigation the user asked for goes on afterwards. */
  const saveAndStay = async () => (await saveToAccount()) !== null;

  const discard = async () => {
    clearRecoveryData(browserStores());
    markSaved();
  };

  // Work restored after signing up or in goes to the account without another click.
  const autoSaved = useRef(false);
  const canSaveToAccount = isAuthenticated && !uploadBlocked;
  useEffect(() => {
    if (autoSaved.current || !file.restored || !canSaveToAccount) return;
    autoSaved.current = true;
    void save();
  });

  const onOpened = () => {
    if (!file.guestEditKey) {
      if (!file.restored) toast.success(`Loaded ${file.name}`, { id: FILE_OPEN_TOAST });
      return;
    }
    const spent = consumeGuestEdit(localStorage, file.guestEditKey);
    toast.success(loadedMessage(file.name, spent.remaining), { id: FILE_OPEN_TOAST, duration: 4000 });
    const streak = recordStreakEdit(localStorage);
    if (streak.celebrate) setCelebrateStreak(streak.record.currentStreak);
  };

  const onFailed = () => {
    toast.error(UNREADABLE_PDF, { id: FILE_OPEN_TOAST });
    setUnreadable(true);
  };

  useExitIntent({
    enabled: isGuest && hasUnsavedChanges && editCount > 0,
    editCount,
    onIntent: openExit,
    onHidden: () => {
      const current = work();
      saveRecoveryData(browserStores(), current);
      saveLastSession(localStorage, {
        fileName: current.fileName,
        editCount: current.editCount,
        documentState: JSON.stringify({ fileName: current.fileName, editCount: current.editCount }),
      });
    },
  });

  if (unreadable) {
    return (
      <EditorFrame title={file.name}>
        <UnreadableFile />
      </EditorFrame>
    );
  }

  const banner = isGuest ? (
    <GuestBanner fileName={file.name} />
  ) : uploadBlocked ? (
    <p className="alert" role="alert">
      {UPLOAD_MESSAGES.dailyLimit} You can keep editing and download this PDF; it is not saved to your account.
    </p>
  ) : accountSaveError ? (
    <div className="conflict-banner" role="alert">
      <span>Your document is not in your account yet: {accountSaveError}. It is kept in this browser.</span>
      <button type="button" className="btn btn-sm" onClick={() => void save()} disabled={saving}>
        Try again
      </button>
    </div>
  ) : undefined;

  return (
    <EditorFrame title={file.name} banner={banner}>
      <PdfEditor
        ref={editor}
        file={file.bytes}
        fileName={file.name}
        defaultAnnotations={file.annotations}
        onAnnotationsChange={onAnnotationsChange}
        gate={gate}
        ocr={OCR_OPTION}
        signatureStore={signatureStore}
        onDownload={saveDownload}
        exportFonts={EXPORT_FONTS}
        onError={(error, during) => {
          if (!reportDownloadFailure(error, during)) console.warn(`Editor error (${during})`, error);
        }}
        onGatePrompt={(decision) => {
          if (decision.prompt === 'download') {
            logGuestAction(localStorage, 'download_attempt', { fileName: file.name });
            openLogin('download');
          } else if (decision.prompt === 'pro-feature') {
            // One message: the guest's prompt carries it; a signed-in user, who gets no prompt, the toast.
            if (isGuest) {
              logGuestAction(localStorage, 'pro_feature_click');
              openLogin('pro-feature');
            } else {
              toast.error(decision.message, { id: decision.message });
            }
          } else if (isGuest) {
            openLogin(decision.prompt);
          }
        }}
        toolbarStart={<CompactHeading title={file.name} />}
        toolbarEnd={
          <span className="editor-host-controls">
            <OpenWatcher onOpened={onOpened} onFailed={onFailed} />
            <ToolWatcher onPicked={() => recordEdit()} />
            <UnsavedBadge show={hasUnsavedChanges} />
            {(isGuest || canSaveToAccount) && (
              <button
                type="button"
                className="mg-button mg-primary"
                disabled={saving || !(hasUnsavedChanges || file.restored)}
                onClick={() => void save()}
              >
                {saving ? 'Saving...' : isGuest ? 'Save' : 'Save to account'}
              </button>
            )}
          </span>
        }
      />
      {isGuest && <GuestBadge editCount={editCount} startTime={startTime} onSaveNow={() => openLogin('save')} />}
      {/* Mounted once known, so it is shown in the same commit that starts its 5 seconds. */}
      {celebrateStreak !== null && <StreakCelebration streak={celebrateStreak} />}
      {loginTrigger && (
        <LoginPromptModal
          trigger={loginTrigger}
          onClose={close}
          saveWork={saveWork}
          onContinueAsGuest={loginTrigger === 'download' ? () => void editor.current?.download({ watermark: true }) : undefined}
        />
      )}
      {exitOpen && <ExitModal onClose={close} saveWork={saveWork} recoveryWork={recoveryWork} />}
      {!isGuest && (
        <ExitGuard
          isDirty={() => useDocumentStore.getState().hasUnsavedChanges}
          fileName={file.name}
          saving={saving}
          save={canSaveToAccount ? saveAndStay : undefined}
          discard={discard}
        />
      )}
    </EditorFrame>
  );
}
