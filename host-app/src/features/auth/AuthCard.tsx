// The centred card that the sign-in, sign-up and password pages sit in, and their full-width submit button.
import type { ReactNode } from 'react';
import { SocialButtons } from './SocialButtons';
import './auth.css';

interface AuthCardProps {
  title: string;
  lead?: string;
  /** Offers Google and Microsoft sign-in below the form. */
  social?: boolean;
  /** Where to go instead, such as the other of sign-in and sign-up. */
  footer: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, lead, social = false, footer, children }: AuthCardProps) {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        {lead && (
          <p className="muted" style={{ textAlign: 'center' }}>
            {lead}
          </p>
        )}
        {children}
        {social && <SocialButtons />}
        <p className="auth-footer">{footer}</p>
      </div>
    </div>
  );
}

/** Disabled while the form submits, with a label saying what is under way. */
export function SubmitButton({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}
