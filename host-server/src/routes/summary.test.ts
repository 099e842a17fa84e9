// POST /api/documents/:id/summary against a fake OpenAI-compatible service on loopback (a small
// HTTP server here): what it is asked (model, key, the pages' text), the sentences with their pages
// it answers, Pro on the server (free accounts get the spec's 403; paid plans and trials pass), a
// collaborator who can read the document, a server without a service (501, so the app summarizes
// offline), a failing or babbling service (502), and bounded input.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUMMARY_MAX_TEXT_CHARS, SUMMARY_NOT_CONFIGURED, SUMMARY_SERVICE_FAILED } from '@marginalia/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRO_FEATURE_MESSAGE, PRO_FEATURE_REQUIRED } from '../errors';
import { createTestServer, type TestServer } from '../test-support/testServer';

interface Asked {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** What the fake service answers next: a status and a body (an object is sent as JSON). */
let reply: { status: number; body: unknown } = { status: 200, body: {} };
const asked: Asked[] = [];
let service: Server;
let t: TestServer;
let unconfigured: TestServer;
let now = new Date('2031-06-01T12:00:00Z');

const completion = (content: string) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] });

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  service = createServer((request, response) => {
    void readJson(request).then((body) => {
      asked.push({ path: request.url ?? '', authorization: request.headers.authorization, body: body as Asked['body'] });
      response.writeHead(reply.status, { 'Content-Type': 'application/json' });
      response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as AddressInfo;
  t = await createTestServer({
    now: () => now,
    // Sessions outlive a trial here, so one token follows the account through its end.
    config: { tokenTtlSeconds: 60 * 24 * 3600, summary: { apiUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test', model: 'tiny-model', timeoutMs: 10_000 } },
  });
  unconfigured = await createTestServer();
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await new Promise((resolve) => service.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
  reply = { status: 200, body: completion('{"sentences":[{"text":"Bees pollinate crops.","page":2}]}') };
});

const PAGES = [
  { page: 1, text: 'Honey bees live in hives.\nA hive has one queen.' },
  { page: 2, text: 'Bees pollinate crops.\nFarmers rent hives.' },
];

const summarize = (server: TestServer, token: string, documentId: string, body: object = { pages: PAGES, sentences: 3 }) =>
  server.http.post(`/api/documents/${documentId}/summary`).set('Authorization', `Bearer ${token}`).send(body);

async function account(server: TestServer, plan: 'free' | 'personal' | 'team' = 'personal') {
  const { user, token } = await server.createUser({ plan, emailVerified: true });
  const documentId = await server.uploadPdf(token, { pages: 2, name: 'bees.pdf' });
  return { user, token, documentId };
}

describe('POST /api/documents/:id/summary', () => {
  it('asks the configured model with the pages’ text and answers its sentences with their pages', async () => {
    const { token, documentId } = await account(t);
    const answered = await summarize(t, token, documentId).expect(200);
    expect(answered.body).toEqual({ sentences: [{ text: 'Bees pollinate crops.', page: 2 }] });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.path).toBe('/v1/chat/completions');
    expect(asked[0]?.authorization).toBe('Bearer sk-test');
    expect(asked[0]?.body.model).toBe('tiny-model');
    const user = asked[0]?.body.messages.find((message) => message.role === 'user')?.content;
    expect(user).toBe('[Page 1]\nHoney bees live in hives.\nA hive has one queen.\n\n[Page 2]\nBees pollinate crops.\nFarmers rent hives.');
    expect(asked[0]?.body.messages[0]?.content).toContain('at most 3 sentences');
  });

  it('reads a JSON answer wrapped in prose or a code fence, and drops sentences on pages not sent', async () => {
    const { token, documentId } = await account(t, 'team');
    reply = {
      status: 200,
      body: completion('Here it is:\n```json\n{"sentences":[{"text":"Honey bees live in hives.","page":1},{"text":"Made up.","page":7}]}\n```'),
    };
    expect((await summarize(t, token, documentId).expect(200)).body).toEqual({ sentences: [{ text: 'Honey bees live in hives.', page: 1 }] });
  });

  it('refuses a free account with the spec’s Pro message, and lets it in during a trial', async () => {
    const { token, documentId } = await account(t, 'free');
    const refused = await summarize(t, token, documentId).expect(403);
    expect(refused.body).toEqual({ message: PRO_FEATURE_MESSAGE, code: PRO_FEATURE_REQUIRED, feature: 'summary' });
    // Refused before the body is read: whatever it holds, the answer is the same.
    await summarize(t, token, documentId, { pages: 'not pages' }).expect(403);
    expect(asked).toHaveLength(0);

    await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(201);
    await summarize(t, token, documentId).expect(200);
    // The trial over, the account is free again.
    now = new Date(now.getTime() + 15 * 24 * 3600_000);
    try {
      await summarize(t, token, documentId).expect(403);
    } finally {
      now = new Date('2031-06-01T12:00:00Z');
    }
  });

  it('serves a collaborator who can read the document, and nobody else (404)', async () => {
    const { token: ownerToken, documentId } = await account(t, 'team');
    const { token: viewerToken } = await t.createUser({ plan: 'personal', email: 'viewer-summary@example.com', emailVerified: true });
    const { token: strangerToken } = await t.createUser({ plan: 'personal' });
    await summarize(t, viewerToken, documentId).expect(404);
    await t.http
      .post(`/api/documents/${documentId}/collaborators`)
      .set('Authorization', `Bearer ${ownerToken}`)
      .send({ email: 'viewer-summary@example.com', role: 'viewer' })
      .expect(201);
    await summarize(t, viewerToken, documentId).expect(200);
    await summarize(t, strangerToken, documentId).expect(404);
  });

  it('answers 501 SUMMARY_NOT_CONFIGURED without a service, so the app summarizes offline', async () => {
    const { token, documentId } = await account(unconfigured);
    const answered = await summarize(unconfigured, token, documentId).expect(501);
    expect(answered.body).toMatchObject({ code: SUMMARY_NOT_CONFIGURED });
    // Said before the text is read.
    await summarize(unconfigured, token, documentId, { pages: 'not pages' }).expect(501);
  });

  it('answers 502 SUMMARY_SERVICE_FAILED when the service fails or answers no summary, without echoing it', async () => {
    const { token, documentId } = await account(t);
    for (const bad of [
      { status: 500, body: { error: { message: 'internal secret detail' } } },
      { status: 200, body: completion('I cannot help with that.') },
      { status: 200, body: completion('{"sentences":"none"}') },
      { status: 200, body: 'not json' },
    ]) {
      reply = bad;
      const answered = await summarize(t, token, documentId).expect(502);
      expect(answered.body).toEqual({ message: 'The summary service did not answer. Please try again later.', code: SUMMARY_SERVICE_FAILED });
    }
  });

  it('refuses input it cannot use (400) before asking the service', async () => {
    const { token, documentId } = await account(t);
    await summarize(t, token, documentId, { pages: [] }).expect(400);
    await summarize(t, token, documentId, { pages: [{ page: 0, text: 'x' }] }).expect(400);
    await summarize(t, token, documentId, { pages: PAGES, sentences: 51 }).expect(400);
    const tooLong = await summarize(t, token, documentId, { pages: [{ page: 1, text: 'a'.repeat(SUMMARY_MAX_TEXT_CHARS + 1) }] }).expect(400);
    expect(tooLong.body.message).toContain(`at most ${SUMMARY_MAX_TEXT_CHARS} characters`);
    expect(asked).toHaveLength(0);
  });
});
