// Asks the server for a new verification link for the signed-in account's address.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';

export function ResendVerificationButton() {
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    try {
      const { message } = await authApi.resendVerification();
      toast.success(message);
    } catch {
      // The API client has already told the user what went wrong.
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" className="btn btn-sm" onClick={resend} disabled={pending}>
      {pending ? 'Sending...' : 'Resend verification e-mail'}
    </button>
  );
}
