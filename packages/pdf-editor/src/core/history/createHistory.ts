// The undo/redo engine: a framework-free store of immutable states with an undo and a redo stack.
// A step keeps the state before and after it; since states are immutable and updates share what
// they did not change, a step costs only what changed (plus, for arrays, one array of references).
// Gestures (a drag, a multi-select move) are cut into one step by transactions; consecutive applies
// with the same merge key (a colour slider) fold into the step before, as pdf.js does.
// Given a `diff` function, every change tells its listeners what it changed (added, updated and
// removed annotations with `diffDocument`), so a save or a sync layer can send only that.
// Changes of other people (a collaborator's, through a sync layer) enter with `applyRemote`: no
// step, and given a `rebase` function the steps of one's own then undo only what they changed.

import { checkInteger, checkOptions, invalid } from '../input';

/** Undo steps kept when `createHistory` is given no limit (spec: undo history limit 50). */
export const DEFAULT_HISTORY_LIMIT = 50;

/**
 * Options of `createHistory` for states of type `T` (never by default, so that a plain
 * `HistoryOptions`, which cannot hold a `rebase`, fits a history of any state).
 */
export interface HistoryOptions<T = never> {
  /** Maximum number of undo steps kept; the oldest is dropped beyond it. Default 50 (spec). */
  limit?: number;
  /**
   * `current` with the change from `from` to `to` replayed on it (e.g. `rebaseDocument`). Undo and
   * redo use it when the state moved on since the step (`applyRemote`), so they revert or replay
   * only what the step changed; `applyRemote` uses it to keep an open transaction's start in step.
   * Without it undo and redo restore the step's whole states, remote changes included.
   */
  rebase?(from: T, to: T, current: T): T;
}

/** Options of a history whose changes say what they changed. */
export interface DiffingHistoryOptions<T, D> extends HistoryOptions<T> {
  /**
   * What changed from `before` to `after` (e.g. `diffDocument`, `diffAnnotations`), read by
   * listeners as `change.diff`. Called at most once per change, and only when a listener reads it.
   */
  diff: (before: T, after: T) => D;
}

/** How `History.apply` records its step: a label for menus, a key to merge a run of changes. */
export interface ApplyOptions {
  /** Shown by undo/redo menus ("Undo Add rectangle"). */
  label?: string;
  /**
   * Applies with the same key, one right after another, make a single step: the first one's
   * "before" with the last one's "after". Any other change, undo, redo or clear ends the run.
   * Use a key per gesture (e.g. `color:${annotationId}:${gestureId}`) when two successive
   * gestures on the same control must stay separate steps.
   */
  mergeKey?: string;
}

/**
 * What changed the history: a new step, undo, redo, a cancelled transaction, reset, clear, or
 * someone else's change (`applyRemote`).
 */
export type HistoryChangeReason = 'apply' | 'undo' | 'redo' | 'rollback' | 'reset' | 'clear' | 'remote';

/** Passed to listeners with the new state; `D` is what the history's `diff` option returns. */
export interface HistoryChange<D = undefined> {
  reason: HistoryChangeReason;
  /** Label of the step applied, undone or redone, if it has one. */
  label?: string;
  /**
   * What this change did to the state: the `diff` option applied to the state before it and the
   * state now (undefined without that option). An undo gives the inverse of the step's diff; a
   * merged run or a transaction is one step, so its undo gives their squashed diff. Changes inside
   * a transaction are heard live, so its commit changes nothing more and says so, and a rollback
   * undoes them: squashing every diff a listener hears gives the difference between the state it
   * first saw and the state now, which is what a save has to send.
   */
  readonly diff: D;
}

/** Called after every change of the state or of the undo/redo stacks. */
export type HistoryListener<T, D = undefined> = (state: T, change: HistoryChange<D>) => void;

/** An open gesture: everything applied until `commit` is one step; `cancel` restores the state before it. */
export interface HistoryTransaction {
  commit(): void;
  cancel(): void;
}

/**
 * An undoable store of immutable states, returned by `createHistory`. Framework-free: React binds
 * it with `useSyncExternalStore(history.subscribe, () => history.state)`.
 */
export interface History<T, D = undefined> {
  readonly state: T;
  /**
   * Replaces the state with `update(state)` as one undoable step, and empties the redo stack.
   * An update returning the same object changes nothing and makes no step. Inside a transaction
   * the change is live (listeners hear it) but the step is made when the outermost one commits.
   */
  apply(update: (state: T) => T, labelOrOptions?: string | ApplyOptions): void;
  /**
   * Replaces the state with `update(state)` without a step: someone else's change (a
   * collaborator's). Both stacks stay; with the `rebase` option, undo and redo then change only
   * what their steps changed, so this change stays, and an open transaction keeps it on cancel.
   * Ends a run of merged applies.
   */
  applyRemote(update: (state: T) => T): void;
  /** Returns false when there is nothing to undo (or a transaction is open). */
  undo(): boolean;
  redo(): boolean;
  /** False while a transaction is open, so a shortcut cannot undo half a gesture. */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly undoLabel: string | undefined;
  readonly redoLabel: string | undefined;
  readonly undoCount: number;
  readonly redoCount: number;
  /**
   * Runs `fn` (synchronous) as one step. Nested transactions fold into the outermost. If `fn`
   * throws, the state goes back to what it was before the transaction and the error is rethrown.
   */
  transaction<R>(fn: () => R, label?: string): R;
  /** A transaction spanning several events (pointer down ... pointer up); close it with commit or cancel. */
  begin(label?: string): HistoryTransaction;
  readonly inTransaction: boolean;
  /** Empties both stacks; the state stays. */
  clear(): void;
  /** Replaces the state without a step and empties both stacks (a new document was loaded). */
  reset(state: T): void;
  /** `listener` runs after every change of state or of the stacks; returns the unsubscribe function. */
  subscribe(listener: HistoryListener<T, D>): () => void;
}

interface Step<T> {
  before: T;
  after: T;
  label: string | undefined;
}

interface OpenTransaction<T> {
  start: T;
  label: string | undefined;
  closed: boolean;
}

function checkLimit(limit: unknown = DEFAULT_HISTORY_LIMIT): number {
  if (limit === Number.POSITIVE_INFINITY) return limit;
  checkInteger(limit, 'options.limit', 0);
  return limit;
}

/**
 * A history starting at `initial`, keeping up to `limit` undo steps (default 50, oldest dropped).
 * States must be treated as immutable: updates return new objects and share what they keep.
 * With a `diff` option, every change tells its listeners what it changed (`change.diff`).
 *
 * @example
 * const history = createHistory(annotations, { diff: diffAnnotations });
 * history.subscribe((_list, change) => console.log(change.diff.added));
 * history.apply(addAnnotation(rect), 'Add rectangle');
 * history.undo(); // change.diff.removed holds the rectangle
 */
export function createHistory<T, D>(initial: T, options: DiffingHistoryOptions<NoInfer<T>, D>): History<T, D>;
export function createHistory<T>(initial: T, options?: HistoryOptions<NoInfer<T>>): History<T>;
export function createHistory<T, D>(
  initial: T,
  options?: HistoryOptions<T> | DiffingHistoryOptions<T, D>,
): History<T, D | undefined> {
  const checked = checkOptions(options);
  const limit = checkLimit(checked.limit);
  const { diff } = checked;
  if (diff !== undefined && typeof diff !== 'function')
    invalid('options.diff', 'a function (before, after) => diff', diff);
  const diffOf = diff as ((before: T, after: T) => D) | undefined;
  const { rebase } = checked;
  if (rebase !== undefined && typeof rebase !== 'function')
    invalid('options.rebase', 'a function (from, to, current) => state', rebase);
  // The state `current` becomes when the change from `from` to `to` is replayed on it.
  const replay = (from: T, to: T, current: T): T =>
    current === from ? to : rebase ? (rebase as (from: T, to: T, current: T) => T)(from, to, current) : to;
  let state = initial;
  let undoStack: Step<T>[] = [];
  let redoStack: Step<T>[] = [];
  // The merge key of the step on top of the undo stack, while its run may still grow.
  let openMergeKey: string | undefined;
  const open: OpenTransaction<T>[] = [];
  const listeners = new Set<HistoryListener<T, D | undefined>>();

  // `before` is the state this change started from; the diff is worked out for the first listener
  // that reads it, from the two states, so a change nobody inspects costs nothing.
  const notify = (reason: HistoryChangeReason, label: string | undefined, before: T) => {
    const after = state;
    let computed: { diff: D | undefined } | undefined;
    const change: HistoryChange<D | undefined> = {
      reason,
      label,
      get diff() {
        computed ??= { diff: diffOf?.(before, after) };
        return computed.diff;
      },
    };
    for (const listener of [...listeners]) listener(state, change);
  };

  const pushStep = (step: Step<T>) => {
    undoStack.push(step);
    if (undoStack.length > limit) undoStack.splice(0, undoStack.length - limit);
    redoStack = [];
  };

  const commitStep = (before: T, label: string | undefined, mergeKey: string | undefined) => {
    const top = undoStack.at(-1);
    if (mergeKey !== undefined && mergeKey === openMergeKey && top) {
      undoStack[undoStack.length - 1] = { ...top, after: state };
      return;
    }
    openMergeKey = mergeKey;
    if (limit === 0) {
      redoStack = [];
      return;
    }
    pushStep({ before, after: state, label });
  };

  const commitTransaction = (tx: OpenTransaction<T>) => {
    if (tx.closed) throw new Error('This history transaction is already closed.');
    if (open.at(-1) !== tx) throw new Error('Commit the inner history transaction before the outer one.');
    tx.closed = true;
    open.pop();
    // Inner transactions fold into the outer one, which makes the step.
    if (open.length > 0 || state === tx.start) return;
    commitStep(tx.start, tx.label, undefined);
    // Listeners heard each change live: the commit adds none.
    notify('apply', tx.label, state);
  };

  // Cancelling bails back to where the transaction began, closing any inner one left open.
  const cancelTransaction = (tx: OpenTransaction<T>) => {
    if (tx.closed) throw new Error('This history transaction is already closed.');
    while (open.length > 0) {
      const inner = open.pop() as OpenTransaction<T>;
      inner.closed = true;
      if (inner === tx) break;
    }
    if (state === tx.start) return;
    const before = state;
    state = tx.start;
    notify('rollback', tx.label, before);
  };

  const begin = (label?: string): HistoryTransaction => {
    const tx: OpenTransaction<T> = { start: state, label, closed: false };
    open.push(tx);
    return { commit: () => commitTransaction(tx), cancel: () => cancelTransaction(tx) };
  };

  const move = (from: Step<T>[], to: Step<T>[], direction: 'undo' | 'redo'): boolean => {
    if (open.length > 0) return false;
    const step = from.pop();
    if (!step) return false;
    to.push(step);
    openMergeKey = undefined;
    const before = state;
    state = direction === 'undo' ? replay(step.after, step.before, state) : replay(step.before, step.after, state);
    notify(direction, step.label, before);
    return true;
  };

  return {
    get state() {
      return state;
    },
    apply(update, labelOrOptions) {
      const { label, mergeKey } =
        typeof labelOrOptions === 'string' ? { label: labelOrOptions } : (labelOrOptions ?? {});
      const before = state;
      const next = update(before);
      if (next === before) return;
      state = next;
      if (open.length === 0) commitStep(before, label, mergeKey);
      notify('apply', label, before);
    },
    applyRemote(update) {
      const before = state;
      const next = update(before);
      if (next === before) return;
      state = next;
      openMergeKey = undefined;
      for (const tx of open) tx.start = replay(before, next, tx.start);
      notify('remote', undefined, before);
    },
    undo: () => move(undoStack, redoStack, 'undo'),
    redo: () => move(redoStack, undoStack, 'redo'),
    get canUndo() {
      return open.length === 0 && undoStack.length > 0;
    },
    get canRedo() {
      return open.length === 0 && redoStack.length > 0;
    },
    get undoLabel() {
      return undoStack.at(-1)?.label;
    },
    get redoLabel() {
      return redoStack.at(-1)?.label;
    },
    get undoCount() {
      return undoStack.length;
    },
    get redoCount() {
      return redoStack.length;
    },
    transaction<R>(fn: () => R, label?: string): R {
      const tx = begin(label);
      let result: R;
      try {
        result = fn();
      } catch (error) {
        tx.cancel();
        throw error;
      }
      tx.commit();
      return result;
    },
    begin,
    get inTransaction() {
      return open.length > 0;
    },
    clear() {
      if (undoStack.length === 0 && redoStack.length === 0) return;
      undoStack = [];
      redoStack = [];
      openMergeKey = undefined;
      notify('clear', undefined, state);
    },
    reset(next) {
      if (open.length > 0) throw new Error('Cannot reset the history while a transaction is open.');
      const before = state;
      state = next;
      undoStack = [];
      redoStack = [];
      openMergeKey = undefined;
      notify('reset', undefined, before);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
