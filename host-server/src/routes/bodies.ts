// JSON request bodies: parsed by koa-body with a size limit per route, and only when the client
// says it is sending JSON; anything else with a body is answered 415.
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import type { z } from 'zod';
import { badRequest, HttpError } from '../errors';
import { readWithin } from '../requestBodies';
import { nulCharacterPath } from './validation';

export function jsonBody(limitBytes: number) {
  const parse = koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: limitBytes });
  return async (ctx: Context, next: Next): Promise<void> => {
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Expected a JSON body (Content-Type: application/json)');
    await readWithin(ctx, parse(ctx, async () => {}));
    const nul = nulCharacterPath(ctx.request.body);
    if (nul) throw badRequest(`${nul}: must not contain NUL characters`);
    await next();
  };
}

/** The request body checked against `schema`; a mismatch becomes a 400 naming the field. */
export function readBody<T extends z.ZodType>(ctx: Context, schema: T): z.infer<T> {
  return schema.parse(ctx.request.body ?? {});
}
