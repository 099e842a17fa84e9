// /editor without a document id: a guest's file (or work restored after signing up). Guests get the
// banner, the badge, the sign-up prompts, exit intent and the watermarked download; a signed-in user
// with restored work saves it to their account in one click.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { PdfEditor, type PdfEditorHandle } from '@marginalia/pdf-editor';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuthStore } from '../../stores/authStore';
import { minutesSpent, useDocumentStore } from '../../stores/documentStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { saveBlob } from '../documents/useDocumentActions';
import { logGuestAction } from '../guest/actionLog';
import { bytesToDataUrl } from '../guest/dataUrl';
import { ExitModal, type GuestWork } from '../guest/ExitModal';
import { GuestBadge } from '../guest/GuestBadge';
import { GuestBanner } from '../guest/GuestBanner';
import { LoginPromptModal } from '../guest/LoginPromptModal';
import { browserStores, DOCUMENT_STATE_KEY, saveRecoveryData } from '../guest/recovery';
import { saveLastSession } from '../guest/recoveryLink';
import { StreakCelebration } from '../guest/StreakCelebration';
import { useExitIntent } from '../guest/useExitIntent';
import { ToolWatcher, UnsavedBadge } from './EditorChrome';
import { EditorFrame, LoadingDocument, NoDocument } from './EditorFrame';
import { hostGate } from './hostGate';
import { downloadName, DOWNLOAD_FAILED, DOWNLOADED } from './naming';
import { saveWorkToAccount } from './saveToAccount';
import { useGuestSession, type OpenedFile } from './useGuestSession';
import { signatureStoreFor } from './signatures';

export function LocalEditor() {
  const session = useGuestSession();
  const trigger = useGuestPrompts((state) => state.loginTrigger);
  const close = useGuestPrompts((state) => state.close);
  useDocumentTitle(session.status === 'ready' ? `Editing ${session.file.name}` : 'Editor');

  if (session.status === 'loading') return <LoadingDocument />;
  if (session.status === 'ready') return <OpenEditor file={session.file} celebrateStreak={session.celebrateStreak} />;
  return (
    <>
      <NoDocument />
      {trigger && <LoginPromptModal trigger={trigger} onClose={close} saveWork={() => undefined} />}
    </>
  );
}

function OpenEditor({ file, celebrateStreak }: { file: OpenedFile; celebrateStreak: number | null }) {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const plan = useAuthStore((state) => state.user?.plan ?? null);
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

  const download = async (watermark: boolean) => {
    try {
      const output = await editor.current?.exportPdf({ watermark });
      if (!output) throw new Error('No PDF loaded');
      saveBlob(new Blob([output.buffer as ArrayBuffer], { type: 'application/pdf' }), downloadName(file.name, watermark));
      toast.success(DOWNLOADED);
    } catch (error) {
      console.error('Download failed', error);
      toast.error(DOWNLOAD_FAILED);
    }
  };

  const save = async () => {
    if (isGuest) {
      logGuestAction(localStorage, 'save_attempt', { fileName: file.name });
      openLogin('save');
      return;
    }
    setSaving(true);
    try {
      const id = await saveWorkToAccount(file.bytes, file.name, annotations.current);
      markSaved();
      toast.success('Document saved');
      navigate(`/editor/${id}`, { replace: true });
    } catch {
      toast.error('Failed to save document');
      setSaving(false);
    }
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

  return (
    <EditorFrame title={file.name} banner={isGuest ? <GuestBanner fileName={file.name} /> : undefined}>
      <PdfEditor
        ref={editor}
        file={file.bytes}
        fileName={file.name}
        defaultAnnotations={file.annotations}
        onAnnotationsChange={onAnnotationsChange}
        gate={gate}
        signatureStore={signatureStore}
        onGatePrompt={(decision) => {
          if (decision.prompt === 'download') {
            if (!isGuest) {
              void download(false);
              return;
            }
            logGuestAction(localStorage, 'download_attempt', { fileName: file.name });
            openLogin('download');
          } else if (decision.prompt === 'pro-feature') {
            if (isGuest) {
              logGuestAction(localStorage, 'pro_feature_click');
              openLogin('pro-feature');
            }
            toast.error(decision.message);
          } else if (isGuest) {
            openLogin(decision.prompt);
          }
        }}
        toolbarEnd={
          <>
            <ToolWatcher onPicked={() => recordEdit()} />
            <UnsavedBadge show={hasUnsavedChanges} />
            <button
              type="button"
              className="mg-button mg-primary"
              disabled={saving || !hasUnsavedChanges}
              onClick={() => void save()}
            >
              {saving ? 'Saving...' : isGuest ? 'Save' : 'Save to account'}
            </button>
          </>
        }
      />
      {isGuest && <GuestBadge editCount={editCount} startTime={startTime} onSaveNow={() => openLogin('save')} />}
      <StreakCelebration streak={celebrateStreak} />
      {loginTrigger && (
        <LoginPromptModal
          trigger={loginTrigger}
          onClose={close}
          saveWork={saveWork}
          onContinueAsGuest={loginTrigger === 'download' ? () => void download(true) : undefined}
        />
      )}
      {exitOpen && <ExitModal onClose={close} saveWork={saveWork} work={work} />}
    </EditorFrame>
  );
}
