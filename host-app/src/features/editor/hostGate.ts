// Bridges the SDK's gate to the host's policy and prompts. Downloads are always answered by the host:
// guests see the sign-up prompt (with the watermarked download as the guest option) and signed-in users
// get the clean file with the spec's toast, which the SDK's own download would not show.
import type { Gate, GateAction, GateDecision } from '@marginalia/pdf-editor';
import { decideGate } from '../guest/gate';

export function hostGate(context: () => { isGuest: boolean; plan: string | null }): Gate {
  return {
    check(action: GateAction): GateDecision {
      if (action.type === 'download') return { prompt: 'download', message: 'Download PDF' };
      return decideGate(action, context());
    },
  };
}
