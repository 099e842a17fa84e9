// The development outbox as tests read it: every .eml file written so far, oldest first.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (name) => {
      const eml = await readFile(join(dir, name), 'utf8');
      const [head = '', ...body] = eml.split('\r\n\r\n');
      const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return { to: header('To'), subject: header('Subject'), text: body.join('\r\n\r\n') };
    }),
  );
}

/** The token of the first link to `path` (e.g. /verify-email) in a mail's text. */
export function linkToken(text: string, path: string): string | undefined {
  const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text);
  return match?.[1];
}
