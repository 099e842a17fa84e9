// The editor's summary through the server (POST /api/documents/:id/summary), which asks the
// language model it is configured with. When the server has none (501 SUMMARY_NOT_CONFIGURED) or
// the document's text is more than a request may carry, the provider answers null and the editor
// makes its offline summary; a server without one is not asked again until the page reloads.
// Other failures are the panel's to show, not a toast's.
import { SUMMARY_MAX_PAGES, SUMMARY_MAX_TEXT_CHARS, SUMMARY_NOT_CONFIGURED, type SummaryRequest, type SummaryResponse } from '@marginalia/api';
import type { SummaryProvider } from '@marginalia/pdf-editor';
import { ApiError } from '../../api/errors';
import { api } from '../../api/instance';

const codeOf = (body: unknown) => (typeof body === 'object' && body !== null && 'code' in body ? (body as { code: unknown }).code : undefined);

/** The server said it has no summary service (its configuration changes only with a restart). */
let serverHasNoService = false;

export function serverSummaryProvider(documentId: string): SummaryProvider {
  return {
    async summarize({ pages, sentences }, { signal }) {
      if (serverHasNoService) return null;
      const characters = pages.reduce((total, page) => total + page.text.length, 0);
      if (pages.length === 0 || pages.length > SUMMARY_MAX_PAGES || characters > SUMMARY_MAX_TEXT_CHARS) return null;
      try {
        const body: SummaryRequest = { pages, sentences };
        const answer = await api().request<SummaryResponse>(`/api/documents/${documentId}/summary`, {
          method: 'POST',
          body,
          signal,
          silent: true,
        });
        return answer.sentences;
      } catch (error) {
        if (error instanceof ApiError && error.status === 501 && codeOf(error.body) === SUMMARY_NOT_CONFIGURED) {
          serverHasNoService = true;
          return null;
        }
        throw error;
      }
    },
  };
}
