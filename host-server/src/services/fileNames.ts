// User-supplied file names are display text only: folders, control characters (a CR/LF could split
// a response header) and bidirectional overrides are removed, and the length is bounded. Files are
// stored under server-generated keys, so a name can never choose where a file is written.

const MAX_NAME_LENGTH = 200;

// C0/C1 controls, DEL, and the Unicode bidi overrides that make "gpj.exe" look like "exe.jpg".
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeFileName(clientName: string, fallback = 'document'): string {
  const base = clientName.split(/[/\\]/).pop() ?? '';
  let name = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  // Names made only of dots ("..") are folder references, not names.
  if (/^\.*$/.test(name)) name = '';
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name || fallback;
}

/** `name` with its extension replaced (or added), e.g. for the PDF made from `scan.png`. */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}${extension}`;
}

/**
 * A Content-Disposition value carrying `name` safely: an ASCII fallback for old clients and the
 * exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = sanitizeFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
