// The shared account rules: the messages the spec gives (section 5), and addresses compared without
// case or surrounding spaces, so the server and the app's forms refuse and accept alike.
import { describe, expect, it } from 'vitest';
import { emailField, nameField, newPasswordField, signInPasswordField } from './fields';
import { loginRequest, registerRequest } from './requests';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the account fields', () => {
  it('must give the spec messages for a missing or malformed address, and keep it trimmed and lower-cased', () => {
    expect(messageOf(emailField.safeParse(''))).toBe('Email is required');
    expect(messageOf(emailField.safeParse('ada@'))).toBe('Invalid email address');
    expect(messageOf(emailField.safeParse('ada @example.com'))).toBe('Invalid email address');
    expect(emailField.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    // Internationalised domains and long top-level domains are addresses like any other.
    expect(emailField.parse('ana@bücher.de')).toBe('ana@bücher.de');
    expect(emailField.parse('ops@example.photography')).toBe('ops@example.photography');
  });

  it('must ask a chosen password to mix case and digits, and a typed one only to be long enough', () => {
    expect(messageOf(newPasswordField.safeParse('short'))).toBe('Password must be at least 8 characters');
    expect(messageOf(newPasswordField.safeParse('alllowercase1'))).toBe('Password must contain uppercase, lowercase, and number');
    expect(newPasswordField.safeParse('Mixed-case-1').success).toBe(true);
    expect(signInPasswordField.safeParse('alllowercase1').success).toBe(true);
    expect(messageOf(signInPasswordField.safeParse(''))).toBe('Password is required');
  });

  it('must refuse a name with control characters or of one letter', () => {
    expect(messageOf(nameField.safeParse('A'))).toBe('Name must be at least 2 characters');
    expect(messageOf(nameField.safeParse('Ada\u0007'))).toBe('Name must not contain control characters');
  });

  it('must read the auth requests the server parses', () => {
    expect(loginRequest.parse({ email: 'ADA@example.com', password: 'whatever1' })).toEqual({ email: 'ada@example.com', password: 'whatever1' });
    expect(registerRequest.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'weak' }).success).toBe(false);
  });
});
