import { describe, expect, it } from 'vitest';
import type { User } from '@marginalia/api';
import { selectVerifiedPlan } from './authStore';

const user = { plan: 'team' } as User;

describe('the plan Pro gates read', () => {
  it('is none while the stored session is being checked, whatever local storage says', () => {
    expect(selectVerifiedPlan({ status: 'checking', isAuthenticated: true, user })).toBeNull();
  });

  it('is the server\'s once the session is verified, and none for guests', () => {
    expect(selectVerifiedPlan({ status: 'ready', isAuthenticated: true, user })).toBe('team');
    expect(selectVerifiedPlan({ status: 'ready', isAuthenticated: false, user: null })).toBeNull();
  });
});
