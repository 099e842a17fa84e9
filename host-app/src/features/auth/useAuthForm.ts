// Form state and submission shared by the auth pages: zod rules checked before submit, and the
// sign-in completion that login and registration both end with.
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import type * as z from 'zod';
import type { AuthResponse } from '@marginalia/api';
import { completeSignIn, nextPage } from './session';

export function useAuthForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
  submit: (values: Values) => Promise<void>,
) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  /** Binds a TextField or PasswordField to the form: registration plus the field's first error. */
  const field = (name: Path<Values>) => {
    const error = get<typeof errors, FieldError | undefined>(errors, name);
    return { ...register(name), error: error?.message };
  };
  return { register, field, errors, isSubmitting, setError, reset, onSubmit: handleSubmit(submit) };
}

/**
 * Runs a credentials request and, when it succeeds, stores the session and leaves for the page the
 * guard came from, or the `next` page a link asked for (an invitation's document). The toasts are
 * the spec's; a failure keeps the user on the form.
 */
export function useSignIn(messages: { success: string; failure: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? nextPage(location.search);
  return async (request: () => Promise<AuthResponse>) => {
    try {
      const { token, user } = await request();
      toast.success(messages.success);
      await completeSignIn(token, user, from, navigate);
    } catch {
      toast.error(messages.failure);
    }
  };
}
