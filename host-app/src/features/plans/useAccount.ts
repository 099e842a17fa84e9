// The signed-in user as the server reports it now (GET /api/auth/me), kept in the auth store too, and
// the start of the account's trials (Personal, and Team for inviting people).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/errors';
import type { User } from '@marginalia/api';
import { useAuthStore } from '../../stores/authStore';
import { formatDay } from './planStatus';

export const ME_QUERY_KEY = ['me'] as const;

/** The current user from the server (the session's copy until the first answer); null when signed out. */
export function useAccount(): User | null {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const storedUser = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const me = useQuery({ queryKey: ME_QUERY_KEY, queryFn: authApi.me, enabled: isAuthenticated });
  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
  if (!isAuthenticated) return null;
  return me.data ?? storedUser;
}

export function trialStartedMessage(user: User): string {
  return user.trialEndsAt
    ? `Your 14-day Personal trial has started. It ends on ${formatDay(user.trialEndsAt)}.`
    : 'Your Personal trial has started.';
}

export function teamTrialStartedMessage(user: User): string {
  return user.teamTrialEndsAt
    ? `Your 14-day Team trial has started. It ends on ${formatDay(user.teamTrialEndsAt)}.`
    : 'Your Team trial has started.';
}

export function useStartTrial() {
  return useTrialStart(authApi.startTrial, trialStartedMessage);
}

export function useStartTeamTrial() {
  return useTrialStart(authApi.startTeamTrial, teamTrialStartedMessage);
}

function useTrialStart(start: () => Promise<User>, startedMessage: (user: User) => string) {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation({
    mutationFn: start,
    onSuccess(user) {
      setUser(user);
      queryClient.setQueryData(ME_QUERY_KEY, user);
      toast.success(startedMessage(user), { duration: 4000 });
    },
    onError(error) {
      // 409 (trial already used) is answered here; other failures were toasted by the API client.
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.message, { id: error.message });
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      }
    },
  });
}
