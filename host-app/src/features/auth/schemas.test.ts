import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, resetPasswordSchema } from './schemas';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // First message per field, as the form shows it (react-hook-form's default criteriaMode).
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const validRegistration = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Analytical1',
  confirmPassword: 'Analytical1',
  terms: true,
};

describe('login form rules', () => {
  it('must require email and password', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('must reject a malformed email and a short password', () => {
    expect(messages(loginSchema.safeParse({ email: 'ada@', password: 'short' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('must accept good credentials', () => {
    expect(loginSchema.safeParse({ email: 'ada@example.com', password: 'whatever1' }).success).toBe(true);
  });

  it('must accept every address the server accepts: one rule for both (an internationalised domain)', () => {
    expect(loginSchema.safeParse({ email: 'ana@bücher.de', password: 'whatever1' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegistration, email: 'ana@bücher.de' }).success).toBe(true);
  });
});

describe('register form rules', () => {
  it('must accept a complete registration', () => {
    expect(registerSchema.safeParse(validRegistration).success).toBe(true);
  });

  it('must explain each missing field', () => {
    const result = registerSchema.safeParse({ name: '', email: '', password: '', confirmPassword: '', terms: false });
    expect(messages(result)).toMatchObject({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(result).terms).toBeTruthy();
  });

  it('must require a two-character name', () => {
    expect(messages(registerSchema.safeParse({ ...validRegistration, name: 'A' })).name).toBe(
      'Name must be at least 2 characters',
    );
  });

  it.each(['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])('must require mixed case and a digit (%s)', (password) => {
    expect(messages(registerSchema.safeParse({ ...validRegistration, password, confirmPassword: password })).password).toBe(
      'Password must contain uppercase, lowercase, and number',
    );
  });

  it('must require matching passwords', () => {
    expect(messages(registerSchema.safeParse({ ...validRegistration, confirmPassword: 'Analytical2' })).confirmPassword).toBe(
      'Passwords do not match',
    );
  });

  it('must require the terms checkbox', () => {
    expect(registerSchema.safeParse({ ...validRegistration, terms: false }).success).toBe(false);
  });
});

describe('reset password form rules', () => {
  it('must hold a new password to the sign-up rules', () => {
    expect(messages(resetPasswordSchema.safeParse({ password: 'alllowercase1', confirmPassword: 'alllowercase1' }))).toEqual({
      password: 'Password must contain uppercase, lowercase, and number',
    });
  });

  it('must require matching passwords', () => {
    expect(messages(resetPasswordSchema.safeParse({ password: 'Analytical1', confirmPassword: 'Analytical2' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('must not ask a signing-in user for mixed case', () => {
    expect(loginSchema.safeParse({ email: 'ada@example.com', password: 'alllowercase1' }).success).toBe(true);
  });
});
