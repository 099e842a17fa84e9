// Page renders one at a time, the page nearest the middle of the view first, as pdf.js's own
// viewer does. While scrolling fast, pages that only fly past leave before their turn and never
// reach pdf.js's worker, and the page the user stops on does not wait behind them.

export interface RenderQueue {
  /**
   * Queues `run`, the drawing of `page`; it starts once no other drawing runs and no page nearer
   * the view waits. The returned function drops it: before its turn it never starts; once started,
   * the next one starts at once (the caller cancels its own work).
   */
  add(page: number, run: () => Promise<void>): () => void;
}

interface Job {
  page: number;
  run: () => Promise<void>;
}

/** `distance(page)`: how far the page is from the middle of the view (smaller goes first). */
export function createRenderQueue(distance: (page: number) => number): RenderQueue {
  const waiting = new Set<Job>();
  let running: Job | undefined;

  const next = () => {
    if (running || waiting.size === 0) return;
    let nearest: Job | undefined;
    let best = Infinity;
    for (const job of waiting) {
      const d = distance(job.page);
      if (nearest === undefined || d < best) {
        nearest = job;
        best = d;
      }
    }
    if (!nearest) return;
    const job = nearest;
    waiting.delete(job);
    running = job;
    const done = () => {
      if (running !== job) return;
      running = undefined;
      next();
    };
    job.run().then(done, done);
  };

  return {
    add(page, run) {
      const job: Job = { page, run };
      waiting.add(job);
      // The pages mounted by one render queue up together before the nearest is picked.
      queueMicrotask(next);
      return () => {
        waiting.delete(job);
        if (running === job) {
          running = undefined;
          next();
        }
      };
    },
  };
}
