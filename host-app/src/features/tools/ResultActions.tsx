// The result of a tool: download it (one PDF, or a ZIP of several), open it in the editor, or save it
// to the signed-in user's documents (with its annotations). Each of these spends the guest's daily
// edit on the result first. A result carrying annotations opens in the editor once saved to My
// Documents, so they come along; any other result is handed to the editor as a landing-page file is.
import { downloadFile } from '@marginalia/pdf-editor';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../stores/authStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { isUploadBlocked, UPLOAD_MESSAGES } from '../documents/uploadRules';
import { checkGuestEdit, consumeGuestEdit, DAILY_LIMIT_MESSAGE } from '../guest/editCounter';
import { browserStores, handOffGuestFile } from '../guest/recovery';
import { DOWNLOAD_FAILED, FILE_OPEN_TOAST } from '../editor/naming';
import { saveWorkToAccount } from '../editor/saveToAccount';
import { outputKey, packOutputs, type ToolOutput } from './toolOutput';

export const SAVED_TO_DOCUMENTS = 'Saved to My Documents';

interface ResultActionsProps {
  outputs: readonly ToolOutput[];
  /** The download's name when there are several outputs (a ZIP). */
  zipName: string;
}

export function ResultActions({ outputs, zipName }: ResultActionsProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const uploadBlocked = useAuthStore((state) => isUploadBlocked(state.user));
  const openLogin = useGuestPrompts((state) => state.openLogin);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  /** A guest's edit for this result: spent now, or refused with the spec's prompt. */
  const spendGuestEdit = async (): Promise<boolean> => {
    if (isAuthenticated) return true;
    const key = await outputKey(outputs);
    if (!checkGuestEdit(localStorage, key).allowed) {
      openLogin('limit-reached');
      toast.error(DAILY_LIMIT_MESSAGE, { id: DAILY_LIMIT_MESSAGE });
      return false;
    }
    const { remaining } = consumeGuestEdit(localStorage, key);
    toast(`${remaining} free ${remaining === 1 ? 'edit' : 'edits'} remaining today.`, { id: 'guest-edits' });
    return true;
  };

  const download = async () => {
    if (!(await spendGuestEdit())) return;
    try {
      const { name, blob } = await packOutputs(outputs, zipName);
      downloadFile(blob, name);
      toast.success(
        outputs.length === 1
          ? 'PDF downloaded successfully!'
          : `${outputs.length} PDFs downloaded in ${name}`,
      );
    } catch (error) {
      console.error('Download failed', error);
      toast.error(DOWNLOAD_FAILED);
    }
  };

  const openInEditor = async () => {
    const [only] = outputs;
    if (!only || !(await spendGuestEdit())) return;
    if (isAuthenticated && only.annotations.length > 0) {
      const id = await save();
      if (id) navigate(`/editor/${id}`);
      return;
    }
    try {
      await handOffGuestFile(new File([only.bytes.slice().buffer], only.name, { type: 'application/pdf' }), browserStores());
      navigate('/editor');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to process file', { id: FILE_OPEN_TOAST });
    }
  };

  /** Saves every output (PDF and annotations) to My Documents; the last document's id, or null on failure (shown). */
  const save = async (): Promise<string | null> => {
    setSaving(true);
    try {
      let id: string | null = null;
      for (const output of outputs)
        id = await saveWorkToAccount(output.bytes, output.name, output.annotations);
      setSaved(true);
      toast.success(SAVED_TO_DOCUMENTS);
      await queryClient.invalidateQueries({ queryKey: ['documents'] });
      return id;
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : UPLOAD_MESSAGES.failed);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="row tool-result-actions">
      <button type="button" className="btn btn-primary" onClick={() => void download()}>
        {outputs.length === 1 ? 'Download PDF' : `Download ${outputs.length} PDFs (ZIP)`}
      </button>
      {outputs.length === 1 && (
        <button type="button" className="btn" onClick={() => void openInEditor()}>
          Open in editor
        </button>
      )}
      {isAuthenticated &&
        (saved ? (
          <Link to="/documents" className="btn btn-ghost">
            {SAVED_TO_DOCUMENTS} — view
          </Link>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={saving || uploadBlocked}
            title={uploadBlocked ? UPLOAD_MESSAGES.dailyLimit : undefined}
            onClick={() => void save()}
          >
            {saving
              ? 'Saving...'
              : outputs.length === 1
                ? 'Save to My Documents'
                : 'Save all to My Documents'}
          </button>
        ))}
      {isAuthenticated && uploadBlocked && <p className="muted">{UPLOAD_MESSAGES.dailyLimit}</p>}
    </div>
  );
}
