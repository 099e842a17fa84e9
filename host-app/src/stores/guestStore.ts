// Which guest prompt is open. One store so the toolbar, badge and exit intent never stack two modals.
import { create } from 'zustand';
/** The four reasons a guest is asked to sign up (spec section 2, "Login prompt"). */
export type PromptTrigger = 'save' | 'download' | 'pro-feature' | 'limit-reached';

interface GuestPromptState {
  loginTrigger: PromptTrigger | null;
  exitOpen: boolean;
  openLogin(trigger: PromptTrigger): void;
  openExit(): void;
  close(): void;
}

export const useGuestPrompts = create<GuestPromptState>()((set) => ({
  loginTrigger: null,
  exitOpen: false,
  openLogin: (trigger) => set({ loginTrigger: trigger, exitOpen: false }),
  openExit: () => set((state) => (state.loginTrigger ? state : { exitOpen: true })),
  close: () => set({ loginTrigger: null, exitOpen: false }),
}));
