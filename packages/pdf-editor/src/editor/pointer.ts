// Where the user's pointer is over the pages, as the page view reports it. Presence publishes it to
// collaborators and nothing else in the editor reads it, so it is kept out of the store: a pointer
// moving over the pages changes no state and re-renders nothing.

/** A point on a page: its 1-based number and PDF points from its top-left corner as displayed. */
export interface PagePoint {
  /** The page, 1-based. */
  page: number;
  /** Points from the page's left edge. */
  x: number;
  /** Points from the page's top edge. */
  y: number;
}

/** The user's pointer over the pages: where it is, and who hears of its moves. */
export interface PointerTracker {
  /** Where the pointer is, null while it is off the pages. */
  readonly position: PagePoint | null;
  /** The view reports where the pointer went (null: it left the pages). */
  move(position: PagePoint | null): void;
  /** Calls `listener` after each move; returns the function that stops. */
  subscribe(listener: (position: PagePoint | null) => void): () => void;
}

export function createPointerTracker(): PointerTracker {
  let position: PagePoint | null = null;
  const listeners = new Set<(position: PagePoint | null) => void>();
  return {
    get position() {
      return position;
    },
    move(next) {
      if (next === null ? position === null : position !== null && next.page === position.page && next.x === position.x && next.y === position.y) return;
      // A copy of the three fields: the view hands over its event's own object.
      position = next && { page: next.page, x: next.x, y: next.y };
      for (const listener of listeners) listener(position);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
