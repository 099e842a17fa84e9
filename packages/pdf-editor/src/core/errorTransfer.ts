// Typed errors across a structured clone (the export worker's postMessage). A cloned error keeps
// neither its class nor its fields, so `instanceof PdfPasswordError` and `error.reason` would fail
// in the caller. The sender turns the error into data (its class name, message, own fields and
// cause) and the receiver rebuilds an instance of the same class from errors.ts: the caller sees
// what it would see had the work run on its own thread.
import * as errors from './errors';

/** An error as data that survives a structured clone. */
export interface TransferredError {
  /** The class's `name`, e.g. `PdfPasswordError`; any other name is rebuilt as a plain Error. */
  name: string;
  message: string;
  stack?: string;
  /** A typed error's own fields (`name`, `reason`, `characters`, `annotationId`, `field`, ...). */
  fields: Record<string, unknown>;
  /** `cause` as a transferred error when it is an Error, else as it was (strings, numbers). */
  cause?: TransferredError | string | number | boolean;
}

type ErrorClass = abstract new (...args: never[]) => Error;

// Keyed by export name, which is each class's `name` and survives minification (a class's own
// name does not). Every class errors.ts exports is here without a list to keep up to date.
const CLASSES = new Map<string, ErrorClass>();
for (const [name, value] of Object.entries(errors)) {
  if (typeof value === 'function' && value.prototype instanceof Error) CLASSES.set(name, value as ErrorClass);
}

function transferCause(cause: unknown): TransferredError['cause'] {
  if (cause instanceof Error) return transferError(cause);
  if (typeof cause === 'string' || typeof cause === 'number' || typeof cause === 'boolean') return cause;
  return cause === undefined || cause === null ? undefined : String(cause);
}

/** `error` (anything thrown) as data that `reviveError` turns back into the same typed error. */
export function transferError(error: unknown): TransferredError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  return {
    name: error.name,
    message: error.message,
    ...(error.stack !== undefined && { stack: error.stack }),
    // Only the typed errors' fields, which are data; another error's could be anything, and one
    // that cannot be cloned would fail the postMessage carrying it.
    fields: CLASSES.has(error.name) ? { ...error } : {},
    ...('cause' in error && { cause: transferCause(error.cause) }),
  };
}

/**
 * The error `transferError` described: an instance of the same class from errors.ts with its
 * message, fields, cause and the stack of where it was thrown (a plain Error for other names).
 */
export function reviveError(data: TransferredError): Error {
  const cause =
    data.cause === undefined
      ? undefined
      : typeof data.cause === 'object'
        ? reviveError(data.cause)
        : data.cause;
  const options = data.cause === undefined ? undefined : { cause };
  // Built by Error itself with the class as new.target: a real Error (stack, DevTools, toString)
  // whose prototype is the class's, without calling a constructor that expects other arguments.
  const error = Reflect.construct(Error, [data.message, options], CLASSES.get(data.name) ?? Error) as Error;
  Object.assign(error, data.fields);
  if (!CLASSES.has(data.name)) error.name = data.name;
  if (data.stack !== undefined)
    Object.defineProperty(error, 'stack', { value: data.stack, writable: true, configurable: true });
  return error;
}
