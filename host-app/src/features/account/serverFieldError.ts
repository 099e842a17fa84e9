// A 400 answer names the field it is about ("currentPassword: Current password is incorrect"); the
// account forms show that part under the field rather than in a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError } from '../../api/errors';

export function serverFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const prefix = `${field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : undefined;
}

/**
 * Puts a refused form's message under the field it names (`fields` maps the server's field names to
 * the form's), or in a toast. The forms ask the API client to leave 400 to them; every other failure
 * it has already reported.
 */
export function reportToForm<Values extends FieldValues>(
  error: unknown,
  fields: Record<string, Path<Values>>,
  setError: UseFormSetError<Values>,
): void {
  for (const [serverField, formField] of Object.entries(fields)) {
    const message = serverFieldError(error, serverField);
    if (message) {
      setError(formField, { message }, { shouldFocus: true });
      return;
    }
  }
  if (error instanceof ApiError && error.status === 400) toast.error(error.message);
}
