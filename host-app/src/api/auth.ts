// Account calls (spec section 7).
import { api } from './instance';
import type { AuthResponse, SignInProvider, User } from '@marginalia/api';

export const authApi = {
  login: (credentials: { email: string; password: string }) =>
    api().request<AuthResponse>('/api/auth/login', { method: 'POST', body: credentials }),
  /** `invite`: the token of the invitation link the sign-up came from. */
  register: (data: { name: string; email: string; password: string; invite?: string }) =>
    api().request<AuthResponse>('/api/auth/register', { method: 'POST', body: data }),
  me: async (): Promise<User> => {
    const body = await api().request<{ user: User } | User>('/api/auth/me');
    return 'user' in body ? body.user : body;
  },
  logout: () => api().request<unknown>('/api/auth/logout', { method: 'POST', keepalive: true, silent: true }),
  forgotPassword: (email: string) =>
    api().request<{ message?: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    api().request<{ message?: string }>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
  /** Where the browser goes to sign in with `provider` (the server redirects on to it). */
  signInUrl: (provider: SignInProvider) => api().url(`/api/auth/${provider}`),
  /** The social sign-in providers the server is configured for; none when it cannot say. */
  providers: async (): Promise<SignInProvider[]> =>
    (await api().request<{ providers: SignInProvider[] }>('/api/auth/providers', { silent: true })).providers,
  /** Starts the account's one 14-day trial of the Personal plan (409 when it was used). */
  startTrial: async (): Promise<User> =>
    (await api().request<{ user: User }>('/api/account/trial', { method: 'POST', handledStatuses: [409] })).user,
  /** Starts the account's one 14-day trial of the Team plan (409 when it was used). */
  startTeamTrial: async (): Promise<User> =>
    (await api().request<{ user: User }>('/api/account/team-trial', { method: 'POST', handledStatuses: [409] })).user,
  /** A new email is not applied at once: the answer's message says where the link went. */
  updateProfile: (changes: { name?: string; email?: string; currentPassword?: string }) =>
    api().request<{ user: User; message?: string }>('/api/auth/profile', {
      method: 'PATCH',
      body: changes,
      // A wrong current password is shown under its field.
      handledStatuses: [400],
    }),
  changePassword: (oldPassword: string, newPassword: string) =>
    api().request<AuthResponse & { message: string }>('/api/auth/change-password', {
      method: 'POST',
      body: { oldPassword, newPassword },
      handledStatuses: [400],
    }),
  /** A change of address ends the account's sessions: the one that followed the link gets `token`. */
  verifyEmail: (token: string) =>
    api().request<{ message: string; email: string } & Partial<AuthResponse>>('/api/auth/verify-email', {
      method: 'POST',
      body: { token },
      handledStatuses: [400, 409],
    }),
  resendVerification: () =>
    api().request<{ message: string }>('/api/auth/resend-verification', { method: 'POST' }),
};
