// One toast per failure: the API client already shows what the server answered, so a screen adds
// its own message only for failures the user has not been told about (spec section 8's messages).
import toast from 'react-hot-toast';
import { alreadyNotified } from '../api/errors';

export function notifyFailure(error: unknown, message: string): void {
  if (alreadyNotified(error)) return;
  toast.error(message, { id: message });
}
