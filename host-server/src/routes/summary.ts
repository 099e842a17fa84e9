// POST /api/documents/:id/summary: a language model's summary of the document's text, which the
// app sends (it has read the pages with pdf.js). services/summary.ts says who may and what it asks.
import type Router from '@koa/router';
import { summaryRequest } from '@marginalia/api';
import type { ServerContext } from '../context';
import { summarizePages, summaryAllowed } from '../services/summary';
import { jsonBody, readBody } from './bodies';
import { requestSignal } from './requestSignal';
import { beforeBody } from './storedFiles';
import { authState, requireAuth } from './requireAuth';

/** The largest summary request body: the text limit, with room for JSON escapes. */
const SUMMARY_BODY_BYTES = 2 * 1024 * 1024;

export function registerSummaryRoutes(router: Router, server: ServerContext): void {
  const json = jsonBody(SUMMARY_BODY_BYTES);
  router.post('/api/documents/:id/summary', requireAuth(server), async (ctx) => {
    // Who may, and whether there is a service, before up to 2 MB of text is read for nothing.
    const allowed = summaryAllowed(server, authState(ctx).user, ctx.params.id ?? '');
    await beforeBody(ctx, allowed.then(() => undefined));
    await json(ctx, async () => undefined);
    const request = readBody(ctx, summaryRequest);
    ctx.body = await summarizePages(server, await allowed, request, requestSignal(ctx));
  });
}
