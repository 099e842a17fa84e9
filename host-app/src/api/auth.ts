// Account calls (spec section 7).
import { api } from './instance';
import type { AuthResponse, User } from './types';

export const authApi = {
  login: (credentials: { email: string; password: string }) =>
    api().request<AuthResponse>('/api/auth/login', { method: 'POST', body: credentials }),
  register: (data: { name: string; email: string; password: string }) =>
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
  googleUrl: () => api().url('/api/auth/google'),
};
