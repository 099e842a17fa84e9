// Serialized document-list responses, kept in memory per user and keyed by the user's
// `documentsVersion` (which database triggers change with every change to that user's documents,
// see migrations/002_documents_version.ts) and the request's query string. A list is built and
// serialized once per version and query; later requests for it cost only the account lookup every
// request makes anyway. A new version makes the user's older lists unreachable, so nothing is
// invalidated by hand and no write path can leave a stale list behind, even a write made by another
// server process on the same database.
//
// Bodies are kept as strings because Node sends a string body in one write with the headers, where
// a Buffer takes a second write. Bounded by bytes, counting keys (query strings are the client's
// choice, up to the header size limit) as well as bodies, and by lists per user, so one account
// asking for endless distinct queries keeps only its latest few and never grows the cache past its
// bound. A user's least recently used list goes first, then the least recently used user's lists.

interface UserLists {
  version: number;
  bodies: Map<string, string>;
  bytes: number;
}

export interface ListCacheLimits {
  /** Memory of all kept keys and bodies, estimated as 2 bytes a character plus a fixed overhead per entry. */
  maxBytes: number;
  /** Query strings kept per user. */
  maxEntriesPerUser: number;
}

/** The memory lists may take unless LIST_CACHE_MB says otherwise. */
export const DEFAULT_LIST_CACHE_BYTES = 32 * 1024 * 1024;
const DEFAULT_LIMITS: ListCacheLimits = { maxBytes: DEFAULT_LIST_CACHE_BYTES, maxEntriesPerUser: 32 };
// A Map entry and a string header each, rounded up.
const ENTRY_OVERHEAD_BYTES = 64;

function entryBytes(key: string, body: string): number {
  return 2 * (key.length + body.length) + ENTRY_OVERHEAD_BYTES;
}

export class ListCache {
  readonly limits: ListCacheLimits;
  readonly #users = new Map<string, UserLists>();
  #bytes = 0;

  constructor(limits: Partial<ListCacheLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  get(userId: string, version: number, query: string): string | undefined {
    const lists = this.#users.get(userId);
    if (lists?.version !== version) return undefined;
    const body = lists.bodies.get(query);
    if (body === undefined) return undefined;
    if (lists.bodies.size > 1) {
      lists.bodies.delete(query);
      lists.bodies.set(query, body);
    }
    if (this.#users.size > 1) {
      this.#users.delete(userId);
      this.#users.set(userId, lists);
    }
    return body;
  }

  set(userId: string, version: number, query: string, body: string): void {
    const bytes = entryBytes(query, body);
    if (bytes + entryBytes(userId, '') > this.limits.maxBytes) return;
    let lists = this.#users.get(userId);
    if (lists && lists.version > version) return;
    if (lists?.version !== version) {
      this.#forget(userId);
      lists = { version, bodies: new Map(), bytes: entryBytes(userId, '') };
      this.#bytes += lists.bytes;
    }
    this.#remove(lists, query);
    lists.bodies.set(query, body);
    lists.bytes += bytes;
    this.#bytes += bytes;
    for (const [oldest] of lists.bodies) {
      if (lists.bodies.size <= this.limits.maxEntriesPerUser) break;
      this.#remove(lists, oldest);
    }
    this.#users.delete(userId);
    this.#users.set(userId, lists);
    for (const [oldest] of this.#users) {
      if (this.#bytes <= this.limits.maxBytes) break;
      this.#forget(oldest);
    }
  }

  /** Estimated bytes of every kept key and body. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Lists kept for `userId`. */
  entriesOf(userId: string): number {
    return this.#users.get(userId)?.bodies.size ?? 0;
  }

  #remove(lists: UserLists, query: string): void {
    const body = lists.bodies.get(query);
    if (body === undefined) return;
    lists.bodies.delete(query);
    const bytes = entryBytes(query, body);
    lists.bytes -= bytes;
    this.#bytes -= bytes;
  }

  #forget(userId: string): void {
    const lists = this.#users.get(userId);
    if (!lists) return;
    this.#bytes -= lists.bytes;
    this.#users.delete(userId);
  }
}
