// File bodies in and out of the store for several routes (documents, revisions, recovery, shares):
// refusing an upload before its body is read, and streaming a stored file as the answer.
import type { Context } from 'koa';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { contentDisposition } from '../services/fileNames';

/**
 * Awaits a check made before a request body is read; when it refuses, the connection is closed after
 * the answer, since the unread body would otherwise be taken for the next request.
 */
export async function beforeBody(ctx: Context, check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (error) {
    ctx.set('Connection', 'close');
    throw error;
  }
}

/** Streams a stored file as the response body. */
export async function sendStoredFile(
  server: ServerContext,
  ctx: Context,
  key: string,
  options: { type: string; fileName?: string; cacheControl?: string },
): Promise<void> {
  const file = await server.fileStore.read(key);
  if (!file) throw notFound('File not found');
  ctx.type = options.type;
  ctx.length = file.size;
  ctx.set('Cache-Control', options.cacheControl ?? 'private, no-store');
  if (options.fileName) ctx.set('Content-Disposition', contentDisposition(options.fileName));
  ctx.body = file.stream;
}
