import { describe, expect, it } from 'vitest';
import { LAST_SESSION_KEY, RECOVERY_MESSAGES, recoveryFailureMessage, saveLastSession } from './recoveryLink';

describe('recovery links', () => {
  it('must tell an expired link (410) from an unknown one', () => {
    expect(recoveryFailureMessage(410)).toBe('Recovery link has expired');
    expect(recoveryFailureMessage(404)).toBe('Recovery link expired or invalid');
    expect(recoveryFailureMessage(0)).toBe(RECOVERY_MESSAGES.missing);
  });

  it('must word the sent message as the spec does', () => {
    expect(RECOVERY_MESSAGES.sent('a@b.c')).toBe('Recovery link sent to a@b.c. Check your email to continue editing.');
  });

  it('must keep the hidden tab record', () => {
    saveLastSession(localStorage, { fileName: 'a.pdf', editCount: 3, documentState: '{}' }, 5);
    expect(JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? '{}')).toEqual({ timestamp: 5, fileName: 'a.pdf', editCount: 3, documentState: '{}' });
  });
});
