// The sign-up prompt a guest sees on save, download, a Pro tool or the daily limit (spec section 4).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import type { SignInProvider } from '@marginalia/api';
import { Modal } from '../../components/Modal';
import { PROVIDER_LABELS, useSignInProviders } from '../auth/signInProviders';
import { useAuthStore } from '../../stores/authStore';
import type { PromptTrigger } from '../../stores/guestStore';
import { DAILY_LIMIT_MESSAGE } from './editCounter';
import { PRO_FEATURE_MESSAGE } from './gate';

export const LOGIN_TRIGGER_KEY = 'loginTrigger';

/** What a free account gives a guest, and what Pro adds on top of it (only what the product does today). */
const ACCOUNT_BENEFITS = ['Cloud save and folders', 'Access from any device', 'Downloads without watermark'];
export const PRO_BENEFITS = ['Signature and Comment tools', 'Unlimited PDFs every day', 'A 14-day free trial, no card needed'];

const COPY: Record<PromptTrigger, { title: string; text: string; guest?: string }> = {
  save: {
    title: 'Sign up to save your work',
    text: 'Create a free account to save your edits to the cloud and open them from any device.',
    guest: 'Continue editing as guest',
  },
  download: {
    title: 'Download without a watermark',
    text: 'Free accounts download clean PDFs. As a guest, your download carries a "Free Version" watermark.',
    guest: 'Download with watermark',
  },
  'pro-feature': {
    title: 'This is a Pro feature',
    text: PRO_FEATURE_MESSAGE,
    guest: 'Maybe later',
  },
  'limit-reached': {
    title: 'Daily limit reached',
    text: DAILY_LIMIT_MESSAGE,
  },
};

interface LoginPromptModalProps {
  trigger: PromptTrigger;
  onClose(): void;
  /** Saves the guest's work so it survives the sign-up round trip. */
  saveWork(): void;
  /** The guest option, e.g. the watermarked download. */
  onContinueAsGuest?(): void;
}

export function LoginPromptModal({ trigger, onClose, saveWork, onContinueAsGuest }: LoginPromptModalProps) {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [hasAccount, setHasAccount] = useState(false);
  const providers = useSignInProviders();
  if (isAuthenticated) return null;
  const copy = COPY[trigger];

  const remember = () => {
    sessionStorage.setItem(LOGIN_TRIGGER_KEY, trigger);
    saveWork();
  };

  const primary = () => {
    remember();
    onClose();
    if (trigger === 'pro-feature') navigate('/pricing');
    else navigate(hasAccount ? '/login' : '/register');
  };

  const signInWith = (provider: SignInProvider) => {
    remember();
    window.location.assign(authApi.signInUrl(provider));
  };
  const benefits = trigger === 'pro-feature' ? PRO_BENEFITS : ACCOUNT_BENEFITS;

  const primaryLabel = trigger === 'pro-feature' ? 'View Plans' : hasAccount ? 'Sign In' : 'Sign Up Free';

  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="stack">
        <p>{copy.text}</p>
        <ul className="muted" aria-label={trigger === 'pro-feature' ? 'Pro benefits' : 'Account benefits'}>
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary btn-block" onClick={primary}>
          {primaryLabel}
        </button>
        {trigger !== 'pro-feature' && (
          <>
            {providers.map((provider) => (
              <button key={provider} type="button" className="btn btn-block" onClick={() => signInWith(provider)}>
                Continue with {PROVIDER_LABELS[provider]}
              </button>
            ))}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHasAccount((value) => !value)}>
              {hasAccount ? 'Need an account? Sign up' : 'Already have an account?'}
            </button>
          </>
        )}
        {copy.guest && (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => {
              onContinueAsGuest?.();
              onClose();
            }}
          >
            {copy.guest}
          </button>
        )}
      </div>
    </Modal>
  );
}
