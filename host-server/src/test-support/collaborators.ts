// Collaborators for tests of documents edited together: a Yjs document each, connected to a
// server's /api/collab with Hocuspocus's provider (the SDK's transport), and a wait for what they see.
import { HocuspocusProvider } from '@hocuspocus/provider';
import { readAnnotations } from '@marginalia/pdf-editor/collab';
import type { Annotation } from '@marginalia/pdf-editor/core';
import * as Y from 'yjs';

export interface Collaborator {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves once the first sync with the server is done. */
  synced: Promise<void>;
  /** Resolves with the close code when the server closes the socket. */
  closed: Promise<number>;
  /** Resolves with the reason when the server refuses the credential. */
  refused: Promise<string>;
}

/** Collaborators joined so far; `leaveEveryone` disconnects them. */
const joined: HocuspocusProvider[] = [];

/** A collaborator on `documentId` at `url` (ws://…/api/collab) with `token` as the credential. */
export function joinDocument(url: string, documentId: string, token: string): Collaborator {
  const doc = new Y.Doc();
  let synced!: () => void;
  let closed!: (code: number) => void;
  let refused!: (reason: string) => void;
  const waits = {
    synced: new Promise<void>((resolve) => (synced = resolve)),
    closed: new Promise<number>((resolve) => (closed = resolve)),
    refused: new Promise<string>((resolve) => (refused = resolve)),
  };
  const provider = new HocuspocusProvider({
    url,
    name: documentId,
    document: doc,
    token,
    onSynced: () => synced(),
    onClose: ({ event }) => closed(event.code),
    onAuthenticationFailed: ({ reason }) => refused(reason),
  });
  joined.push(provider);
  return { doc, provider, ...waits };
}

export function leaveEveryone(): void {
  for (const provider of joined.splice(0)) provider.destroy();
}

/** Resolves once `check` holds for what the collaborator sees (changes arrive asynchronously); throws after 10 s. */
export async function untilSeen(collaborator: Pick<Collaborator, 'doc'>, check: (annotations: Annotation[]) => boolean): Promise<Annotation[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const annotations = readAnnotations(collaborator.doc);
    if (check(annotations)) return annotations;
    if (Date.now() > deadline) throw new Error(`never seen; the collaborator has ${JSON.stringify(annotations.map(({ id }) => id))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
