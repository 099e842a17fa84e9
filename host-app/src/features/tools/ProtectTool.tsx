// Protect PDF (Pro): add an open password and permissions with AES-256, or remove a password the user
// knows, in the browser with the SDK core. Guests and free accounts get the spec's Pro prompt; the
// plan is the one the server reported for the signed-in account.
import { downloadFile } from '@marginalia/pdf-editor';
import { protectPdf, unprotectPdf } from '@marginalia/pdf-editor/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { selectVerifiedPlan, useAuthStore } from '../../stores/authStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { logGuestAction } from '../guest/actionLog';
import { PRO_FEATURE_MESSAGE } from '../guest/gate';
import { PERMISSION_CHOICES, protectFormProblem, protectOptions, type PermissionChoice } from './protection';
import { ToolDropZone } from './ToolDropZone';
import type { ToolFile } from './toolFiles';
import { outputName } from './toolOutput';
import { toolErrorMessage } from './toolErrors';
import { useToolFiles } from './useToolFiles';

type ProtectMode = 'add' | 'remove';

export const PROTECTED_MESSAGE = 'Password added. Your protected PDF is downloading.';
export const UNPROTECTED_MESSAGE = 'Password removed. Your PDF is downloading.';

function usePaidPlan(): boolean {
  const plan = useAuthStore(selectVerifiedPlan);
  return plan === 'personal' || plan === 'team';
}

/** A password input with its label. */
function PasswordInput({
  id,
  label,
  autoComplete,
  value,
  onChange,
}: {
  id: string;
  label: string;
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function ProtectTool() {
  const paid = usePaidPlan();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const openLogin = useGuestPrompts((state) => state.openLogin);
  const [mode, setMode] = useState<ProtectMode>('add');
  const [file, setFile] = useState<ToolFile | null>(null);
  const [userPassword, setUserPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [ownerPassword, setOwnerPassword] = useState('');
  const [allowed, setAllowed] = useState<ReadonlySet<PermissionChoice>>(
    new Set(PERMISSION_CHOICES.map(({ id }) => id)),
  );
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { read } = useToolFiles(([first]) => setFile(first!), { allowPassword: true });

  /** Pro only: everyone else gets one message (guests the sign-up modal, which carries it; free accounts a toast). */
  const allowedToRun = (): boolean => {
    if (paid) return true;
    if (!isAuthenticated) {
      logGuestAction(localStorage, 'pro_feature_click');
      openLogin('pro-feature');
    } else {
      toast.error(PRO_FEATURE_MESSAGE, { id: PRO_FEATURE_MESSAGE });
    }
    return false;
  };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !allowedToRun()) return;
    const form = { userPassword, ownerPassword, allowed };
    const invalid =
      mode === 'add'
        ? protectFormProblem(form, confirmation)
        : currentPassword === ''
          ? "Enter the PDF's password."
          : null;
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      if (mode === 'add') {
        const bytes = await protectPdf(file.bytes, protectOptions(form));
        downloadFile(bytes, outputName(file.name, 'protected'));
        toast.success(PROTECTED_MESSAGE);
      } else {
        const bytes = await unprotectPdf(file.bytes, currentPassword);
        downloadFile(bytes, outputName(file.name, 'unlocked'));
        toast.success(UNPROTECTED_MESSAGE);
      }
    } catch (error) {
      setProblem(toolErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: PermissionChoice) =>
    setAllowed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="stack tool">
      {!paid && (
        <p className="card tool-pro-note">
          <span className="badge badge-pro">PRO</span> Protect PDF is part of Pro.{' '}
          <Link to="/pricing">See plans</Link>
        </p>
      )}
      <div className="row" role="radiogroup" aria-label="What to do">
        <label className="row">
          <input type="radio" name="protect-mode" checked={mode === 'add'} onChange={() => setMode('add')} />{' '}
          Add a password
        </label>
        <label className="row">
          <input
            type="radio"
            name="protect-mode"
            checked={mode === 'remove'}
            onChange={() => setMode('remove')}
          />{' '}
          Remove a password
        </label>
      </div>
      <ToolDropZone
        multiple={false}
        fromMyDocuments={false}
        label={mode === 'add' ? 'Choose a PDF to protect' : 'Choose a protected PDF'}
        onFiles={(files) => void read(files)}
      />
      {file && (
        <form className="stack tool-options" onSubmit={(event) => void run(event)} noValidate>
          <p>
            <strong>{file.name}</strong>
          </p>
          {mode === 'add' ? (
            <>
              <PasswordInput
                id="protect-password"
                label="Password to open the PDF"
                autoComplete="new-password"
                value={userPassword}
                onChange={setUserPassword}
              />
              <PasswordInput
                id="protect-confirm"
                label="Repeat the password"
                autoComplete="new-password"
                value={confirmation}
                onChange={setConfirmation}
              />
              <fieldset className="stack">
                <legend>After opening, allow</legend>
                {PERMISSION_CHOICES.map(({ id, label }) => (
                  <label key={id} className="row">
                    <input type="checkbox" checked={allowed.has(id)} onChange={() => toggle(id)} /> {label}
                  </label>
                ))}
              </fieldset>
              <PasswordInput
                id="protect-owner"
                label="Owner password (optional: needed to change the permissions)"
                autoComplete="new-password"
                value={ownerPassword}
                onChange={setOwnerPassword}
              />
            </>
          ) : (
            <PasswordInput
              id="protect-current"
              label="The PDF's password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={setCurrentPassword}
            />
          )}
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {mode === 'add' ? 'Protect PDF' : 'Remove password'}
          </button>
        </form>
      )}
    </div>
  );
}
