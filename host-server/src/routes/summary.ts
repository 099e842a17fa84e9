// POST /api/documents/:id/summary: a language model's summary of the document's text, which the
// app sends (it has read the pages with pdf.js). services/summary.ts says who may and what it asks.
import type Router from '@koa/router';
import { summaryRequest } from '@marginalia/api';
import type { ServerContext } from '../context';
import { summarizeDocument } from '../services/summary';
import { jsonBody, readBody } from './bodies';
import { requestSignal } from './requestSignal';
import { authState, requireAuth } from './requireAuth';

/** The largest summary request body: the text limit, with room for JSON escapes. */
const SUMMARY_BODY_BYTES = 2 * 1024 * 1024;

export function registerSummaryRoutes(router: Router, server: ServerContext): void {
  router.post('/api/documents/:id/summary', requireAuth(server), jsonBody(SUMMARY_BODY_BYTES), async (ctx) => {
    const request = readBody(ctx, summaryRequest);
    ctx.body = await summarizeDocument(server, authState(ctx).user, ctx.params.id ?? '', request, requestSignal(ctx));
  });
}
