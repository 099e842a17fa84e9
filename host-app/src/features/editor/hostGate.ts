// Bridges the SDK's gate to the host's policy (guest/gate.ts), read afresh on every check so a
// sign-in or a plan change applies at once. Downloads themselves reach the host through the
// editor's onDownload (saveDownload.ts), not through the gate.
import type { Gate, GateAction, GateDecision } from '@marginalia/pdf-editor';
import { decideGate } from '../guest/gate';

export function hostGate(context: () => { isGuest: boolean; plan: string | null }): Gate {
  return {
    check(action: GateAction): GateDecision {
      return decideGate(action, context());
    },
  };
}
