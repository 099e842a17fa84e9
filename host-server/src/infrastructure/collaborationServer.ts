// Real-time collaboration on the API's own port: WebSocket upgrades under `/api/collab` are handed
// to Hocuspocus (the Yjs sync and awareness protocol, documented by Hocuspocus, so a third party can
// run its own server). This module only wires the transport; who may connect, what a document
// starts from, which changes are refused and where the state is kept are the hooks' business
// (services/collaboration.ts). With REDIS_URL, Hocuspocus's Redis extension carries updates and
// presence to the collaborators of the same document on other instances.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Doc } from 'yjs';
import type { Logger } from '../logger';

/** Where collaborators connect; the document is named in the protocol (its id). */
export const COLLABORATION_PATH = '/api/collab';

/** Close codes a client can act on (4000–4999 are the application's). */
export const CLOSE_ACCESS_ENDED = 4403;
export const CLOSE_CHANGE_REFUSED = 4422;

/** What one connection may do, as the hooks found when it authenticated. */
export interface CollaboratorAccess {
  /** Viewers and share-link visitors receive changes and send none. */
  readOnly: boolean;
  /**
   * The grants this access rests on (`user:<id>`, `share:<id>`): ending one with `revoke` closes
   * every socket that rests on it at once.
   */
  grants: string[];
  /** Asked before a change of this connection is applied: false closes it instead. */
  stillAllowed(): Promise<boolean>;
}

export interface CollaborationHooks {
  /** The access a credential gives to a document; throws to refuse the connection. */
  authenticate(credential: string, documentId: string): Promise<CollaboratorAccess>;
  /** Fills a document being opened on this instance from what is stored. */
  load(documentId: string, doc: Doc): Promise<void>;
  /**
   * After every change: keeps what may be kept, or puts the document back as it was and throws
   * (the connection that sent the change is then closed).
   */
  changed(documentId: string, doc: Doc): void;
  /** Stores the document (debounced while changes come; at once when the last collaborator leaves). */
  store(documentId: string, doc: Doc): Promise<void>;
  /** The document was closed on this instance (no one left, and stored). */
  unloaded(documentId: string): void;
}

export interface CollaborationOptions {
  hooks: CollaborationHooks;
  logger: Logger;
  /** Largest message a client may send; a larger one closes its socket (ws's maxPayload). */
  maxMessageBytes: number;
  /** How long changes may wait before they are stored, and the longest a stream of them may defer it. */
  storeDebounceMs: number;
  storeMaxDebounceMs: number;
  redis?: { url: string; prefix: string };
}

const SOCKET_HEADER = 'x-marginalia-socket';

interface ConnectionContext {
  /** Absent on the server's own (direct) connections. */
  access?: CollaboratorAccess;
}

export interface CollaborationServer {
  /** Takes an HTTP upgrade for `/api/collab`; false for any other path (the caller answers it). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /**
   * Runs `change` on the document as collaborators see it (opening it if no one has it open here),
   * so a change saved over HTTP reaches them, and stores the result.
   */
  changeDocument(documentId: string, change: (doc: Doc) => void): Promise<void>;
  /** Whether anyone is connected to the document on this instance. */
  isOpen(documentId: string): boolean;
  /** Closes every socket resting on the grant (a share link revoked, a collaborator removed). */
  revoke(grant: string): void;
  /** Ends every collaborator's session of a document (it was deleted). */
  closeDocument(documentId: string): void;
  close(): Promise<void>;
}

export function createCollaborationServer(options: CollaborationOptions): CollaborationServer {
  const { hooks, logger } = options;
  const socketsByGrant = new Map<string, Set<WebSocket>>();
  const openSockets = new Map<string, WebSocket>();
  let socketCount = 0;
  const extensions: Extension[] = [];
  if (options.redis) {
    const url = new URL(options.redis.url);
    extensions.push(
      new RedisExtension({
        host: url.hostname,
        port: Number(url.port || 6379),
        prefix: options.redis.prefix,
        // Everything REDIS_URL says, as the rest of the server reads it: credentials, database, TLS.
        options: {
          username: decodeURIComponent(url.username) || undefined,
          password: decodeURIComponent(url.password) || undefined,
          db: Number(url.pathname.slice(1)) || 0,
          ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
        },
      }),
    );
  }
  const hocuspocus = new Hocuspocus<ConnectionContext>({
    quiet: true,
    debounce: options.storeDebounceMs,
    maxDebounce: options.storeMaxDebounceMs,
    extensions,
    async onAuthenticate({ token, documentName, connectionConfig, requestHeaders }) {
      const access = await hooks.authenticate(token, documentName);
      connectionConfig.readOnly = access.readOnly;
      const socket = socketOf(requestHeaders);
      if (socket) track(socket, access.grants);
      return { access };
    },
    async beforeHandleMessage({ context, requestHeaders }) {
      // Sync and awareness messages alike: a connection whose grant ended sends nothing more.
      if (context?.access && !(await context.access.stillAllowed())) {
        socketOf(requestHeaders)?.close(CLOSE_ACCESS_ENDED, 'Access to this document has ended.');
        throw new Error('access ended');
      }
    },
    async onLoadDocument({ documentName, document }) {
      await hooks.load(documentName, document);
    },
    async onChange({ documentName, document, requestHeaders }) {
      try {
        hooks.changed(documentName, document);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn('collaboration change refused', { documentId: documentName, reason });
        // The whole socket: the protocol's own close of one document would let the client resend the change.
        socketOf(requestHeaders)?.close(CLOSE_CHANGE_REFUSED, reason.slice(0, 120));
      }
    },
    async onStoreDocument({ documentName, document }) {
      await hooks.store(documentName, document);
    },
    async afterUnloadDocument({ documentName }) {
      hooks.unloaded(documentName);
    },
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });

  /** The socket a hook's connection came in on (none for the server's own direct connections). */
  function socketOf(headers: Headers): WebSocket | undefined {
    return openSockets.get(headers.get(SOCKET_HEADER) ?? '');
  }

  function track(socket: WebSocket, grants: readonly string[]): void {
    for (const grant of grants) {
      let set = socketsByGrant.get(grant);
      if (!set) socketsByGrant.set(grant, (set = new Set()));
      set.add(socket);
    }
    socket.once('close', () => {
      for (const grant of grants) {
        const set = socketsByGrant.get(grant);
        set?.delete(socket);
        if (set?.size === 0) socketsByGrant.delete(grant);
      }
    });
  }

  return {
    handleUpgrade(request, socket, head) {
      const path = (request.url ?? '').split('?')[0];
      if (path !== COLLABORATION_PATH) return false;
      sockets.handleUpgrade(request, socket, head, (websocket) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        // Set here, over anything the client sent: how onAuthenticate finds this socket.
        const key = String(++socketCount);
        headers.set(SOCKET_HEADER, key);
        openSockets.set(key, websocket);
        const connection = hocuspocus.handleConnection(websocket, new Request(`http://collaboration${request.url ?? ''}`, { headers }));
        websocket.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
        websocket.on('close', (code, reason) => {
          openSockets.delete(key);
          connection.handleClose({ code, reason: reason.toString() });
        });
        websocket.on('error', (error) => logger.warn('collaboration socket error', { message: error.message }));
      });
      return true;
    },
    async changeDocument(documentId, change) {
      const direct = await hocuspocus.openDirectConnection(documentId, {});
      try {
        await direct.transact((doc) => change(doc));
      } finally {
        await direct.disconnect();
      }
    },
    isOpen(documentId) {
      return hocuspocus.documents.has(documentId);
    },
    closeDocument(documentId) {
      hocuspocus.closeConnections(documentId);
    },
    revoke(grant) {
      for (const socket of socketsByGrant.get(grant) ?? []) socket.close(CLOSE_ACCESS_ENDED, 'Access to this document has ended.');
    },
    async close() {
      for (const socket of sockets.clients) socket.close(1001, 'Server shutting down.');
      // Stored here rather than by the debounced hooks, which would run after the database is closed.
      for (const [documentId, document] of hocuspocus.documents) await hooks.store(documentId, document);
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      // Extensions let go of what they hold (the Redis extension's connections).
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}
