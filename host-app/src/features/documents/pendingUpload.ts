// Hand-off of a file chosen elsewhere (the landing page) to the documents page's uploader. The File itself
// is kept in memory for the SPA navigation; small files are also mirrored to session storage so a reload
// keeps them (spec: pendingFileName/Data/Type/Size, pendingUpload, showUploadOnDocuments).
import { bytesToDataUrl, dataUrlToBytes, fileToBytes } from '../guest/dataUrl';
import { SESSION_FILE_LIMIT } from '../guest/guestFiles';

const KEYS = {
  name: 'pendingFileName',
  data: 'pendingFileData',
  type: 'pendingFileType',
  size: 'pendingFileSize',
  flag: 'pendingUpload',
  show: 'showUploadOnDocuments',
} as const;

let inMemory: File | null = null;

export async function setPendingUpload(file: File, session: Storage): Promise<void> {
  inMemory = file;
  session.setItem(KEYS.name, file.name);
  session.setItem(KEYS.type, file.type);
  session.setItem(KEYS.size, String(file.size));
  session.setItem(KEYS.flag, 'true');
  session.setItem(KEYS.show, 'true');
  if (file.size <= SESSION_FILE_LIMIT) {
    try {
      session.setItem(KEYS.data, bytesToDataUrl(await fileToBytes(file), file.type || 'application/pdf'));
    } catch {
      session.removeItem(KEYS.data);
    }
  }
}

/** Takes the pending file, if any; throws when one was announced but cannot be rebuilt. */
export function takePendingUpload(session: Storage): File | null {
  if (session.getItem(KEYS.flag) !== 'true') return null;
  const name = session.getItem(KEYS.name) ?? 'document.pdf';
  const type = session.getItem(KEYS.type) ?? 'application/pdf';
  const data = session.getItem(KEYS.data);
  const file = inMemory;
  inMemory = null;
  for (const key of Object.values(KEYS)) session.removeItem(key);
  if (file) return file;
  if (!data) throw new Error('Pending file data is missing');
  const bytes = dataUrlToBytes(data);
  return new File([bytes.buffer as ArrayBuffer], name, { type });
}
