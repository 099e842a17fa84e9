// Page renders one at a time, the page nearest the middle of the view first, then the sidebar's
// thumbnails, as pdf.js's own viewer does. While scrolling fast, pages that only fly past leave
// before their turn and never reach pdf.js's worker, the page the user stops on does not wait
// behind them, and thumbnails never slow down the first page. One queue per editor, shared by its
// viewer and its sidebar.

export interface RenderQueue {
  /**
   * Queues `run`, a drawing; it starts once no other drawing runs and none with a lower `rank()`
   * (read when a turn comes) waits. The returned function drops it: before its turn it never
   * starts; once started, the next one starts at once (the caller cancels its own work).
   */
  add(rank: () => number, run: () => Promise<void>): () => void;
}

/** Added to a thumbnail's rank: every page of the viewer goes first. */
export const THUMBNAIL_RANK = 1e12;

interface Job {
  rank: () => number;
  run: () => Promise<void>;
}

export function createRenderQueue(): RenderQueue {
  const waiting = new Set<Job>();
  let running: Job | undefined;
  const finish = (job: Job) => {
    waiting.delete(job);
    if (running !== job) return;
    running = undefined;
    next();
  };
  const next = () => {
    if (running) return;
    for (const job of waiting) if (!running || job.rank() < running.rank()) running = job;
    if (!running) return;
    const job = running;
    waiting.delete(job);
    job.run().then(() => finish(job), () => finish(job));
  };

  return {
    add(rank, run) {
      const job: Job = { rank, run };
      waiting.add(job);
      // The pages mounted by one render queue up together before the nearest is picked.
      queueMicrotask(next);
      return () => finish(job);
    },
  };
}

const queues = new WeakMap<object, RenderQueue>();

/** The render queue of `editor`, shared by its viewer and sidebar. */
export function renderQueueOf(editor: object): RenderQueue {
  let queue = queues.get(editor);
  if (!queue) {
    queue = createRenderQueue();
    queues.set(editor, queue);
  }
  return queue;
}
