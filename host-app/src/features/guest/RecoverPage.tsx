// /recover/:recoveryId — redeems a recovery link (spec section 4, three outcomes): the server's record
// (file, annotations, edit count) becomes the editor's recovery data, so any browser opens the work.
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { recoveryApi } from '../../api/recovery';
import { ApiError } from '../../api/errors';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { putGuestFile } from './idb';
import { browserStores, saveRecoveryData } from './recovery';
import { RECOVERY_MESSAGES, recoveryFailureMessage } from './recoveryLink';

export const RECOVERY_REDIRECT_MS = 1000;

/** Fetches the record and its file and hands both to the editor's recovery path; the file's name. */
async function redeem(id: string, now = Date.now()): Promise<string> {
  const record = await recoveryApi.get(id);
  const file = await recoveryApi.file(record.fileUrl);
  // The local file store rather than web storage: a PDF of several MB does not fit there.
  const fileRef = `guest-file-${now}`;
  await putGuestFile({ id: fileRef, name: record.fileName, type: 'application/pdf', size: file.size, data: file, timestamp: now });
  const kept = saveRecoveryData(browserStores(), {
    fileName: record.fileName,
    fileRef,
    annotations: record.annotations,
    editCount: record.editCount,
    timeSpent: record.timeSpent,
  });
  if (!kept) throw new Error('The browser refused to keep the recovered document');
  return record.fileName;
}

export function RecoverPage() {
  useDocumentTitle('Recovering your work');
  const { recoveryId = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    redeem(recoveryId).then(
      (fileName) => {
        toast.success(RECOVERY_MESSAGES.welcome(fileName), { duration: 4000 });
        // Not cleared on unmount: the redirect must happen once.
        window.setTimeout(() => navigate('/editor', { replace: true }), RECOVERY_REDIRECT_MS);
      },
      (error: unknown) => {
        console.warn('Recovery link not redeemed', error);
        toast.error(recoveryFailureMessage(error instanceof ApiError ? error.status : 0));
        navigate('/', { replace: true });
      },
    );
  }, [recoveryId, navigate]);

  return <Spinner label="Recovering your work..." />;
}
