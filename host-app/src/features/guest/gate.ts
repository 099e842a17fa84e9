// The host's policy for the editor SDK's gate: guests may not use Pro tools, the summary or text
// recognition, save, or download a clean copy without a prompt (the prompt offers them the
// watermarked one); signed-in users may do everything but those Pro features, which a paid plan or
// a trial (the server then reports its plan) opens.
import { ERROR_MESSAGES } from '../../api/errors';

/** Spec section 8; the server's 403 for a Pro feature (code PRO_FEATURE_REQUIRED) shows it too. */
export const PRO_FEATURE_MESSAGE = ERROR_MESSAGES.proFeature;
/** The server holds the same list (host-server services/proFeatures.ts) and refuses them without Pro. */
export const PRO_TOOLS: readonly string[] = ['comment', 'signature'];

export type HostGateAction =
  | { type: 'tool'; tool: string }
  | { type: 'save' }
  | { type: 'download'; watermark?: boolean }
  | { type: 'edit' }
  | { type: 'summary' }
  | { type: 'ocr' };
export type HostGateDecision =
  | 'allow'
  | { prompt: 'save' | 'download' | 'pro-feature' | 'limit-reached'; message: string };

export function decideGate(action: HostGateAction, context: { isGuest: boolean; plan: string | null }): HostGateDecision {
  const paid = context.plan === 'personal' || context.plan === 'team';
  // The summary and text recognition are the "OCR and AI" features of the Personal plan (spec
  // section 6); the server refuses a summary without Pro too (host-server services/summary.ts),
  // while text recognition runs in the browser alone.
  const proFeature = (action.type === 'tool' && PRO_TOOLS.includes(action.tool)) || action.type === 'summary' || action.type === 'ocr';
  if (proFeature && !paid) {
    return { prompt: 'pro-feature', message: PRO_FEATURE_MESSAGE };
  }
  if (!context.isGuest) return 'allow';
  if (action.type === 'save') return { prompt: 'save', message: 'Sign up to save your edits.' };
  if (action.type === 'download' && !action.watermark) return { prompt: 'download', message: 'Sign up to download without watermarks.' };
  return 'allow';
}
