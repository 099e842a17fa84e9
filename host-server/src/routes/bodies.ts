// JSON request bodies: read with a size limit per route, and only when the client says it is
// sending JSON; anything else with a body is answered 415. The text is measured for nesting before
// JSON.parse sees it, so a body of ten thousand brackets costs one pass over its characters and a
// 400, never a stack overflow or seconds of parsing.
import type { Context, Next } from 'koa';
import getRawBody from 'raw-body';
import type * as z from 'zod';
import { badRequest, HttpError } from '../errors';
import { readWithin } from '../requestBodies';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, nulCharacterPath } from './validation';

export const TOO_DEEP = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`;
const MALFORMED = 'Malformed JSON body';

/** What JSON.parse gives (koa-body's type for the parsed body, which the routes read). */
type JsonBody = NonNullable<Context['request']['body']>;

/** Like co-body's strict mode, which this replaced: a body is an object or an array, or empty. */
function parseJsonText(text: string): JsonBody {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed[0] !== '{' && trimmed[0] !== '[') throw badRequest(MALFORMED);
  if (jsonNestsDeeperThan(trimmed, MAX_JSON_DEPTH)) throw badRequest(TOO_DEEP);
  try {
    return JSON.parse(trimmed) as JsonBody;
  } catch {
    throw badRequest(MALFORMED);
  }
}

export function jsonBody(limitBytes: number) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Expected a JSON body (Content-Type: application/json)');
    // Size, length and charset errors of raw-body carry their status (413, 400, 415): see errors.ts.
    const text = hasBody
      ? await readWithin(
          ctx,
          getRawBody(ctx.req, {
            length: ctx.get('Content-Length') || undefined,
            limit: limitBytes,
            encoding: ctx.request.charset || 'utf-8',
          }),
        )
      : '';
    const body = parseJsonText(text);
    const nul = nulCharacterPath(body);
    if (nul) throw badRequest(`${nul}: must not contain NUL characters`);
    ctx.request.body = body;
    await next();
  };
}

/** The request body checked against `schema`; a mismatch becomes a 400 naming the field. */
export function readBody<T extends z.ZodType>(ctx: Context, schema: T): z.infer<T> {
  return schema.parse(ctx.request.body ?? {});
}
