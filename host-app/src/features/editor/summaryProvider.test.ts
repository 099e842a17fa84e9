// @vitest-environment node
// The editor's summary provider against an HTTP server on a random port that answers as the
// host-server does: the model's sentences, null when the server has no summary service (the
// editor then summarizes offline) or the text is more than a request may carry, and a failure
// left to the summary panel, never toasted.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUMMARY_MAX_TEXT_CHARS } from '@marginalia/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { installApiClient } from '../../api/instance';
import { serverSummaryProvider } from './summaryProvider';

let server: Server;
let requests: { url: string; body: unknown }[] = [];
let toasts: string[] = [];
let answer: { status: number; body: unknown };

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: JSON.parse(text || '{}') });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  installApiClient(
    createApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      getToken: () => 'abc123',
      clearToken: () => {},
      notifyError: (message) => void toasts.push(message),
      goToLogin: () => {},
    }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  toasts = [];
  answer = { status: 200, body: { sentences: [{ text: 'Bees pollinate crops.', page: 2 }] } };
});

const pages = [
  { page: 1, text: 'Honey bees live in hives.' },
  { page: 2, text: 'Bees pollinate crops.' },
];
const signal = new AbortController().signal;

describe('serverSummaryProvider', () => {
  it('must send the pages and answer the server’s sentences', async () => {
    expect(await serverSummaryProvider('doc-1').summarize({ pages, sentences: 4 }, { signal })).toEqual([{ text: 'Bees pollinate crops.', page: 2 }]);
    expect(requests).toEqual([{ url: '/api/documents/doc-1/summary', body: { pages, sentences: 4 } }]);
  });

  it('must answer null without asking when the text is more than a request may carry', async () => {
    const long = [{ page: 1, text: 'a'.repeat(SUMMARY_MAX_TEXT_CHARS + 1) }];
    expect(await serverSummaryProvider('doc-1').summarize({ pages: long, sentences: 4 }, { signal })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('must reject on a failure of the service, for the panel to show, without a toast', async () => {
    answer = { status: 502, body: { message: 'The summary service did not answer. Please try again later.', code: 'SUMMARY_SERVICE_FAILED' } };
    await expect(serverSummaryProvider('doc-1').summarize({ pages, sentences: 4 }, { signal })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it('must answer null, for the offline summary, when the server has no summary service, and not ask it again', async () => {
    answer = { status: 501, body: { message: 'This server has no summary service.', code: 'SUMMARY_NOT_CONFIGURED' } };
    expect(await serverSummaryProvider('doc-1').summarize({ pages, sentences: 4 }, { signal })).toBeNull();
    expect(toasts).toEqual([]);
    // Not asked again: its configuration changes only with a restart, and the page reloads then.
    expect(await serverSummaryProvider('doc-2').summarize({ pages, sentences: 4 }, { signal })).toBeNull();
    expect(requests.map((request) => request.url)).toEqual(['/api/documents/doc-1/summary']);
  });
});
