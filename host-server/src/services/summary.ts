// Document summaries written by a language model: the pages' text the app sent goes to the
// OpenAI-compatible chat completions service the server is configured with (SUMMARY_API_URL,
// SUMMARY_MODEL, SUMMARY_API_KEY), which answers the key sentences with their pages as JSON. A Pro
// feature (spec section 6, "OCR and AI" on the Personal plan; trials count), asked by anyone who
// can read the document. Without a service the answer is SummaryNotConfiguredError, and the app
// summarizes offline; a service that fails or answers something else is a SummaryServiceError.
import type { SummaryRequest, SummaryResponse, SummarySentenceBody } from '@marginalia/api';
import * as z from 'zod';
import type { SummarySettings } from '../config';
import type { Deps } from '../context';
import { ProFeatureRequiredError, SummaryNotConfiguredError, SummaryServiceError } from '../domain/errors';
import { describeError } from '../logger';
import type { User } from '../models';
import { findReadableDocument } from './collaborators';
import { hasPro } from './proFeatures';

const INSTRUCTIONS = [
  'You summarize documents. The user message holds a document\'s text, each page after a line "[Page N]".',
  'Pick the sentences that best summarize the whole document, copied word for word from the text, in reading order.',
  'Answer only with JSON of the form {"sentences":[{"text":"…","page":N}]}, where page is the page the sentence is on.',
].join(' ');

// What the model must answer: any extra fields are ignored, a sentence on a page not sent is dropped.
const modelAnswer = z.object({
  sentences: z.array(z.object({ text: z.string().trim().min(1), page: z.number().int() })),
});
const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** The JSON object in a model's reply, which may come wrapped in prose or a code fence. */
function jsonIn(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('no JSON object in the answer');
  return JSON.parse(content.slice(start, end + 1));
}

/**
 * Whether `user` may have the document summarized here, asked before its text is read: throws
 * NotFoundError (no such document for this user), ProFeatureRequiredError (no Pro) or
 * SummaryNotConfiguredError (no service), and answers the service's settings otherwise.
 */
export async function summaryAllowed(
  server: Deps<'config' | 'knex' | 'models' | 'now'>,
  user: User,
  documentId: string,
): Promise<SummarySettings> {
  await findReadableDocument(server, user, documentId);
  if (!hasPro(user, server.now())) throw new ProFeatureRequiredError('summary');
  if (!server.config.summary) throw new SummaryNotConfiguredError();
  return server.config.summary;
}

/**
 * The summary of `request`'s pages, written by the model of `settings`. Throws SummaryServiceError
 * when the service fails or answers no summary; the signal's reason when the client went away.
 */
export async function summarizePages(
  server: Deps<'logger'>,
  settings: SummarySettings,
  request: { pages: SummaryRequest['pages']; sentences: number },
  signal: AbortSignal,
): Promise<SummaryResponse> {
  const text = request.pages.map((page) => `[Page ${page.page}]\n${page.text}`).join('\n\n');
  let sentences: SummarySentenceBody[];
  try {
    const response = await fetch(`${settings.apiUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        messages: [
          { role: 'system', content: `${INSTRUCTIONS} Give at most ${request.sentences} sentences.` },
          { role: 'user', content: text },
        ],
      }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]),
    });
    if (!response.ok) throw new Error(`the service answered ${response.status}`);
    const reply = completion.parse(await response.json()).choices[0]?.message.content ?? '';
    const pages = new Set(request.pages.map((page) => page.page));
    sentences = modelAnswer
      .parse(jsonIn(reply))
      .sentences.filter((sentence) => pages.has(sentence.page))
      .slice(0, request.sentences)
      .map(({ text: sentenceText, page }) => ({ text: sentenceText, page }));
  } catch (error) {
    if (signal.aborted) throw error;
    server.logger.warn('summary service failed', describeError(error));
    throw new SummaryServiceError({ cause: error });
  }
  return { sentences };
}
