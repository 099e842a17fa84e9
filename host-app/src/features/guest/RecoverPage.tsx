// /recover/:recoveryId — redeems a recovery link (spec section 4, three outcomes).
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { handOffDataUrl } from './guestFiles';
import { RECOVERY_MESSAGES, redeemRecoveryLink } from './recoveryLink';

export const RECOVERY_REDIRECT_MS = 1000;

export function RecoverPage() {
  useDocumentTitle('Recovering your work');
  const { recoveryId = '' } = useParams();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const outcome = redeemRecoveryLink(localStorage, recoveryId);
    if (outcome.kind === 'missing') {
      toast.error(RECOVERY_MESSAGES.missing);
      navigate('/', { replace: true });
      return;
    }
    if (outcome.kind === 'expired') {
      toast.error(RECOVERY_MESSAGES.expired);
      navigate('/', { replace: true });
      return;
    }
    handOffDataUrl(sessionStorage, outcome.fileName, outcome.fileData);
    toast.success(RECOVERY_MESSAGES.welcome(outcome.fileName), { duration: 4000 });
    // Not cleared on unmount: the record is already consumed, so the redirect must happen once.
    window.setTimeout(() => navigate('/editor', { replace: true }), RECOVERY_REDIRECT_MS);
  }, [recoveryId, navigate]);

  return <Spinner label="Recovering your work..." />;
}
