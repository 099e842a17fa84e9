import { describe, expect, it } from 'vitest';
import { planButton, planLabel, trialNote } from './planStatus';

const personal = { id: 'personal' as const, cta: 'Start Free Trial' };
const free = { id: 'free' as const, cta: 'Get Started' };
const team = { id: 'team' as const, cta: 'Contact Sales' };
const never = { plan: 'free' as const, trialActive: false, trialEndsAt: null, teamTrialActive: false, teamTrialEndsAt: null };
const onTrial = { plan: 'personal' as const, trialActive: true, trialEndsAt: '2031-03-24T12:00:00.000Z', teamTrialActive: false, teamTrialEndsAt: null };
const afterTrial = { plan: 'free' as const, trialActive: false, trialEndsAt: '2031-03-24T12:00:00.000Z', teamTrialActive: false, teamTrialEndsAt: null };

describe('plan status', () => {
  it('sends signed-out visitors to sign in from every card', () => {
    for (const offer of [free, personal, team]) expect(planButton(offer, null)).toEqual({ kind: 'sign-in', label: offer.cta });
  });

  it('offers the trial to a free account that never used it, and marks Free as current', () => {
    expect(planButton(personal, never)).toEqual({ kind: 'start-trial', label: 'Start Free Trial' });
    expect(planButton(free, never)).toMatchObject({ kind: 'none', label: 'Current plan' });
  });

  it('marks Personal as current during the trial, with its end', () => {
    expect(planButton(personal, onTrial)).toEqual({ kind: 'none', label: 'Current plan', note: 'Trial ends on March 24, 2031' });
    expect(planButton(free, onTrial)).toEqual({ kind: 'none', label: 'Included' });
    expect(planLabel(onTrial)).toBe('Personal (trial)');
  });

  it('never offers the trial again once used', () => {
    expect(planButton(personal, afterTrial)).toMatchObject({ kind: 'none', label: 'Not available yet' });
    expect(planButton(free, afterTrial)).toMatchObject({ kind: 'none', label: 'Current plan' });
    expect(trialNote(afterTrial)).toBe('Trial ended on March 24, 2031');
    expect(trialNote(never)).toBeNull();
    expect(planLabel(afterTrial)).toBe('Free');
  });

  it('marks Team as current during the Team trial, with its end', () => {
    const onTeamTrial = { ...afterTrial, plan: 'team' as const, teamTrialActive: true, teamTrialEndsAt: '2031-05-01T12:00:00.000Z' };
    expect(planButton(team, onTeamTrial)).toEqual({ kind: 'none', label: 'Current plan', note: 'Trial ends on May 1, 2031' });
    expect(trialNote(onTeamTrial)).toBe('Trial ends on May 1, 2031');
  });

  it('names the Team trial as a trial, over a Personal plan or trial', () => {
    expect(planLabel({ plan: 'team', trialActive: false, teamTrialActive: true })).toBe('Team (trial)');
    expect(planLabel({ plan: 'team', trialActive: true, teamTrialActive: true })).toBe('Team (trial)');
    expect(planLabel({ plan: 'team', trialActive: true, teamTrialActive: false })).toBe('Team');
  });
});
