// Request rules of the routes that are the server's own (versions, JSON depth). The account
// fields and the auth routes' bodies are @marginalia/api's, shared with the app's forms.
import type { Middleware } from 'koa';
import * as z from 'zod';
import { badRequest } from '../errors';

/**
 * The largest whole number a request may give for a count, page or version: PostgreSQL's
 * `integer`. Larger ones cannot be compared with a stored value there (SQLite would take them), so
 * both databases refuse them alike with a 400.
 */
export const MAX_WHOLE_NUMBER = 2_147_483_647;

/**
 * The version a save or restore is based on (`annotationsVersion`, a PostgreSQL `integer`). The
 * save stores this plus one, so the largest accepted leaves room for that: 2147483647 itself
 * would overflow the column on PostgreSQL (500) while SQLite took it. Both refuse it with 400.
 */
export const baseVersionField = z
  .number({ error: 'version is required (the version the edits are based on)' })
  .int('version must be a whole number')
  .min(0, 'version must be 0 or more')
  .max(MAX_WHOLE_NUMBER - 1, `version must be at most ${MAX_WHOLE_NUMBER - 1}`);

/**
 * How deeply a JSON request body may nest arrays and objects. The deepest body the app sends (an
 * ink annotation's strokes inside a PATCH) nests 6 levels; anything past this is refused with 400
 * before it is parsed, so no parser or check after it can be made to recurse or spin on it.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` (JSON) nests arrays and objects more than `maxDepth` deep, by one pass over its
 * characters: brackets inside strings do not count. Malformed text is left for JSON.parse to refuse.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Where a NUL character sits in a parsed JSON value (`annotations.3.text`), if anywhere.
 * PostgreSQL cannot store NUL in text or JSON, so inputs carrying one are refused up front
 * rather than failing in the database. Walks with a stack of its own, never recursing, so the
 * depth of the value cannot exhaust the call stack.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path || 'body';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    // Pushed in reverse, so the first NUL in document order is the one reported.
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, inner] = entries[index] as [string, unknown];
      if (key.includes('\u0000')) return path || 'body';
      pending.push({ value: inner, path: path ? `${path}.${key}` : key });
    }
  }
  return undefined;
}

/** Refuses a NUL character anywhere in the path or query string (`%00`) with 400. */
export function refuseNulInUrl(): Middleware {
  // Not async: on every request, the check should cost no more than the string search.
  return (ctx, next) => {
    if (ctx.url.includes('%00')) throw badRequest('The address must not contain NUL characters (%00)');
    return next();
  };
}
