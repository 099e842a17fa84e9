import { useState } from 'react';
import { PdfEditor, type Gate, type GateAction, type GateDecision } from '@marginalia/pdf-editor';

// #region gate
const PRO_TOOLS = new Set(['comment', 'signature']);

/** A guest may not save, gets a prompt for a clean download (a watermarked one is fine), and cannot use the Pro tools. */
export function guestGate(isSignedIn: () => boolean): Gate {
  return {
    check(action: GateAction): GateDecision {
      if (isSignedIn()) return 'allow';
      switch (action.type) {
        case 'tool':
          return PRO_TOOLS.has(action.tool)
            ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' }
            : 'allow';
        case 'save':
          return { prompt: 'save', message: 'Sign up to save your edits.' };
        case 'download':
          return action.watermark ? 'allow' : { prompt: 'download', message: 'Sign up to download without watermarks.' };
        default:
          return 'allow';
      }
    },
  };
}
// #endregion

// #region prompt
export function GuestEditor({ file, signedIn }: { file: Blob; signedIn: boolean }) {
  const [prompt, setPrompt] = useState<string | null>(null);
  return (
    <>
      <PdfEditor
        file={file}
        gate={guestGate(() => signedIn)}
        // The editor refused the action; the host decides what to show (a sign-up modal, say).
        onGatePrompt={(decision) => setPrompt(decision.message)}
      />
      {prompt && <p role="alert">{prompt}</p>}
    </>
  );
}
// #endregion
