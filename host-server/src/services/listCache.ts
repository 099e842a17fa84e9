// Serialized document-list responses, kept in memory per user and keyed by the user's
// `documentsVersion` (which database triggers change with every change to that user's documents,
// see migrations/002_documents_version.ts) and the request's query string. A list is built and
// serialized once per version and query; later requests for it cost only the account lookup every
// request makes anyway. A new version makes the user's older lists unreachable, so nothing is
// invalidated by hand and no write path can leave a stale list behind, even a write made by another
// server process on the same database.
//
// Bodies are kept as strings because Node sends a string body in one write with the headers, where
// a Buffer takes a second write. Bounded by characters, least recently used user first out.

interface UserLists {
  version: number;
  bodies: Map<string, string>;
  size: number;
}

const DEFAULT_LIST_CACHE_CHARACTERS = 16 * 1024 * 1024;

export class ListCache {
  readonly #maxCharacters: number;
  readonly #users = new Map<string, UserLists>();
  #characters = 0;

  constructor(maxCharacters = DEFAULT_LIST_CACHE_CHARACTERS) {
    this.#maxCharacters = maxCharacters;
  }

  get(userId: string, version: number, query: string): string | undefined {
    const lists = this.#users.get(userId);
    if (lists?.version !== version) return undefined;
    const body = lists.bodies.get(query);
    if (body !== undefined && this.#users.size > 1) {
      this.#users.delete(userId);
      this.#users.set(userId, lists);
    }
    return body;
  }

  set(userId: string, version: number, query: string, body: string): void {
    if (body.length > this.#maxCharacters) return;
    let lists = this.#users.get(userId);
    if (lists && lists.version > version) return;
    if (lists?.version !== version) {
      this.#forget(userId);
      lists = { version, bodies: new Map(), size: 0 };
    }
    const previous = lists.bodies.get(query);
    lists.size += body.length - (previous?.length ?? 0);
    this.#characters += body.length - (previous?.length ?? 0);
    lists.bodies.set(query, body);
    this.#users.delete(userId);
    this.#users.set(userId, lists);
    for (const [oldest] of this.#users) {
      if (this.#characters <= this.#maxCharacters) break;
      this.#forget(oldest);
    }
  }

  /** Characters of all kept bodies. */
  get size(): number {
    return this.#characters;
  }

  #forget(userId: string): void {
    const lists = this.#users.get(userId);
    if (!lists) return;
    this.#characters -= lists.size;
    this.#users.delete(userId);
  }
}
