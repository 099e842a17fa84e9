// What the site says about an account's plan: its name, the trial's end, and what each pricing card's
// button does for it. Everything comes from the user the server sent (`plan` already accounts for a
// running trial); purchases are not connected, so the only way up is the one free trial.
import type { Plan, User } from '@marginalia/api';

export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', personal: 'Personal', team: 'Team' };
export const TRIAL_DAYS = 14;

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "Personal (trial)" or "Team (trial)" while the plan that applies is a trial's, else the plan's name. */
export function planLabel(user: Pick<User, 'plan' | 'trialActive' | 'teamTrialActive'>): string {
  const onTrial = user.plan === 'team' ? user.teamTrialActive : user.trialActive;
  return onTrial ? `${PLAN_NAMES[user.plan]} (trial)` : PLAN_NAMES[user.plan];
}

type TrialFields = Pick<User, 'plan' | 'trialActive' | 'trialEndsAt' | 'teamTrialActive' | 'teamTrialEndsAt'>;

/**
 * "Trial ends on March 24, 2031", "Trial ended on …", or null when no trial was started: the Team
 * trial's while it gives the plan, else the Personal trial's.
 */
export function trialNote(user: TrialFields): string | null {
  const [active, endsAt] = user.plan === 'team' && user.teamTrialActive ? [true, user.teamTrialEndsAt] : [user.trialActive, user.trialEndsAt];
  if (!endsAt) return null;
  return `${active ? 'Trial ends' : 'Trial ended'} on ${formatDay(endsAt)}`;
}

export type PlanButton =
  | { kind: 'sign-in'; label: string }
  | { kind: 'start-trial'; label: string }
  | { kind: 'interest'; label: string }
  | { kind: 'none'; label: string; note?: string };

/**
 * The button of `offer`'s card for `user` (null when signed out). Signed out, every card leads to
 * sign-in (spec section 2); signed in, the current plan is marked, the Personal card starts the trial
 * while it is unused, and nothing offers what cannot be had.
 */
export function planButton(offer: { id: Plan; cta: string }, user: TrialFields | null): PlanButton {
  if (!user) return { kind: 'sign-in', label: offer.cta };
  if (offer.id === user.plan) {
    const onTrial = user.plan === 'team' ? user.teamTrialActive : user.trialActive;
    return { kind: 'none', label: 'Current plan', note: onTrial ? (trialNote(user) ?? undefined) : undefined };
  }
  if (offer.id === 'free') return { kind: 'none', label: 'Included' };
  if (offer.id === 'personal') {
    if (user.plan === 'free' && user.trialEndsAt === null) return { kind: 'start-trial', label: 'Start Free Trial' };
    return { kind: 'none', label: 'Not available yet', note: 'Your free trial has been used. Paid plans cannot be bought online yet.' };
  }
  return { kind: 'interest', label: offer.cta };
}
